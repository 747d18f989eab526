import { type RewardCycleRun, rewardCycleTexts } from '@uplink/contract/reward-runs';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/error-text';
import { usePreviewRewardCycle } from '../api/preview-reward-cycle';
import { useRunRewardCycle } from '../api/run-reward-cycle';
import { useStatementFile } from '../hooks/use-statement-file';
import { readCycleNumber } from '../utils/cycle-number';
import { CycleNumberField, type LastFinishedCycle } from './cycle-number-field';
import { RewardCyclePreviewFigures } from './reward-cycle-preview-figures';
import { RunRewardCycleConfirmation } from './run-reward-cycle-confirmation';
import { StatementFileField } from './statement-file-field';
import { type StatementSource, StatementSourceField } from './statement-source-field';

/** A server refusal of the preview or the run, its field messages listed when it is a validation error. */
const failureText = (error: unknown) => errorText(error, { fieldSeparator: ' ' });

/**
 * Runs a finished cycle: the cycle number (by default the one after the newest distributed, which
 * the field refuses while it has not ended), then a statement
 * uploaded as CSV (read and checked here, line by line) or read from the exchange, previewed by
 * the server before it is run.
 */
export function RunRewardCycleDialog({
  open,
  lastFinishedCycle,
  nextCycle,
  onClose,
  onRun,
}: {
  open: boolean;
  lastFinishedCycle: LastFinishedCycle;
  /** The cycle after the newest distributed one, the field's first value. */
  nextCycle: number;
  onClose: () => void;
  onRun: (run: RewardCycleRun) => void;
}) {
  const formId = useId();
  const [cycleText, setCycleText] = useState(String(nextCycle));
  const [source, setSource] = useState<StatementSource>('UPLOAD');
  const { statement, readFailed, reading, choose } = useStatementFile();
  const preview = usePreviewRewardCycle();
  const run = useRunRewardCycle();
  const [confirming, setConfirming] = useState(false);

  const cycleNumber = readCycleNumber(cycleText, lastFinishedCycle.cycle);
  const cycle = 'cycle' in cycleNumber ? cycleNumber.cycle : null;
  const entries = statement && statement.problemCount === 0 ? statement.entries : null;
  const busy = reading || preview.isPending || run.isPending;
  const previewed = preview.data;
  const ready = cycle !== null && (source === 'EXCHANGE' || entries !== null);

  /** Whatever changes, an earlier preview or failure no longer describes what would run. */
  const forgetResults = () => {
    preview.reset();
    run.reset();
  };

  // A refused run shows in its confirmation, which stays open.
  const failure = preview.error ?? (confirming ? null : run.error);
  const lastCycleChosen = cycle === lastFinishedCycle.cycle;
  // A distributed cycle is never run again: the dialog says so and offers no Run.
  const distributed =
    previewed?.alreadyDistributed === true ||
    (source === 'EXCHANGE' && lastCycleChosen && lastFinishedCycle.distributed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy || cycle === null || distributed) return;
    if (!previewed) {
      if (source === 'EXCHANGE') preview.mutate({ cycle, source: 'exchange' });
      else if (entries) preview.mutate({ cycle, entries });
      return;
    }
    run.reset();
    setConfirming(true);
  };

  const confirmRun = () => {
    if (cycle === null) return;
    const onSuccess = (done: RewardCycleRun) => {
      setConfirming(false);
      onRun(done);
    };
    if (source === 'EXCHANGE') run.mutate({ cycle, source: 'exchange' }, { onSuccess });
    else if (entries) run.mutate({ cycle, entries }, { onSuccess });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!busy}
      size="lg"
      title="Run a reward cycle"
      description="Distributes the trading rewards of a finished cycle. A cycle is distributed once."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {distributed ? 'Close' : 'Cancel'}
          </Button>
          {distributed ? null : !previewed ? (
            <Button type="submit" form={formId} disabled={!ready} busy={reading || preview.isPending}>
              Preview
            </Button>
          ) : (
            <Button type="submit" form={formId} disabled={!ready} busy={run.isPending}>
              {cycle === null ? 'Run cycle' : `Run cycle #${cycle}`}
            </Button>
          )}
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-5" noValidate>
        <CycleNumberField
          value={cycleText}
          problem={'problem' in cycleNumber ? cycleNumber.problem : null}
          lastFinishedCycle={lastFinishedCycle}
          lastCycleChosen={lastCycleChosen}
          disabled={busy}
          onChange={(text) => {
            forgetResults();
            setCycleText(text);
          }}
        />

        <StatementSourceField
          name={`${formId}-source`}
          source={source}
          disabled={busy}
          onChange={(chosen) => {
            forgetResults();
            setSource(chosen);
          }}
        />

        {source === 'UPLOAD' ? (
          <StatementFileField
            statement={statement}
            readFailed={readFailed}
            reading={reading}
            disabled={busy}
            onChange={(event) => {
              forgetResults();
              choose(event);
            }}
          />
        ) : (
          <Alert tone="info">
            The statement of every linked member's trading is read from the exchange: preview it to see what the run
            would distribute.
          </Alert>
        )}

        {source === 'EXCHANGE' && lastCycleChosen && lastFinishedCycle.distributed ? (
          <Alert tone="warning" title={rewardCycleTexts.alreadyDistributed(lastFinishedCycle.cycle)}>
            Choose another cycle to run.
          </Alert>
        ) : null}

        {previewed ? <RewardCyclePreviewFigures preview={previewed} /> : null}

        {failure ? <Alert tone="error" title={failureText(failure)} /> : null}
      </form>
      {confirming && cycle !== null && previewed ? (
        <RunRewardCycleConfirmation
          cycle={cycle}
          previewed={previewed}
          statement={source === 'EXCHANGE' ? 'EXCHANGE' : { fileName: statement?.fileName ?? 'Uploaded' }}
          busy={run.isPending}
          problem={run.error ? failureText(run.error) : null}
          onClose={() => setConfirming(false)}
          onConfirm={confirmRun}
        />
      ) : null}
    </Modal>
  );
}
