import { formatCount, formatDateTime, formatMoney } from '@uplink/contract/format';
import {
  type RewardCyclePreview,
  type RewardCycleRun,
  type RewardCycleRuns,
  rewardCycleTexts,
} from '@uplink/contract/reward-runs';
import { describeStatementProblem, type ParsedStatement, parseStatementFile } from '@uplink/contract/statement-csv';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { DetailRow } from '../../../components/detail-row';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/error-text';
import { usePreviewRewardCycle } from '../api/preview-reward-cycle';
import { useRunRewardCycle } from '../api/run-reward-cycle';
import { readCycleNumber } from '../utils/cycle-number';

type StatementSource = 'UPLOAD' | 'EXCHANGE';

const sourceOptions: { value: StatementSource; label: string }[] = [
  { value: 'UPLOAD', label: 'Upload a CSV statement' },
  { value: 'EXCHANGE', label: 'From the exchange' },
];

type LastFinishedCycle = RewardCycleRuns['lastFinishedCycle'];

/** A read file: its entries, or the lines to fix. */
type LoadedStatement = ParsedStatement & { fileName: string };

/** A server refusal of the preview or the run, its field messages listed when it is a validation error. */
const failureText = (error: unknown) => errorText(error, { fieldSeparator: ' ' });

/**
 * Runs a finished cycle: the cycle number (the last finished one by default), then a statement
 * uploaded as CSV (read and checked here, line by line, then previewed by the server before it is
 * run) or taken from the exchange when the run starts.
 */
export function RunRewardCycleDialog({
  open,
  lastFinishedCycle,
  onClose,
  onRun,
}: {
  open: boolean;
  lastFinishedCycle: LastFinishedCycle;
  onClose: () => void;
  onRun: (run: RewardCycleRun) => void;
}) {
  const formId = useId();
  const [cycleText, setCycleText] = useState(String(lastFinishedCycle.cycle));
  const [source, setSource] = useState<StatementSource>('UPLOAD');
  const [statement, setStatement] = useState<LoadedStatement | null>(null);
  const [readFailed, setReadFailed] = useState(false);
  const [reading, setReading] = useState(false);
  const preview = usePreviewRewardCycle();
  const run = useRunRewardCycle();
  const [confirming, setConfirming] = useState(false);

  const cycleNumber = readCycleNumber(cycleText, lastFinishedCycle.cycle);
  const cycle = 'cycle' in cycleNumber ? cycleNumber.cycle : null;
  const entries = statement && statement.problemCount === 0 ? statement.entries : null;
  const busy = reading || preview.isPending || run.isPending;
  const previewed = source === 'UPLOAD' ? preview.data : undefined;
  const ready = cycle !== null && (source === 'EXCHANGE' || entries !== null);

  /** Whatever changes, an earlier preview or failure no longer describes what would run. */
  const forgetResults = () => {
    preview.reset();
    run.reset();
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    forgetResults();
    setStatement(null);
    setReadFailed(false);
    const file = event.target.files?.[0];
    if (!file) return;
    setReading(true);
    try {
      setStatement({ fileName: file.name, ...(await parseStatementFile(file)) });
    } catch {
      setReadFailed(true);
    } finally {
      setReading(false);
    }
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
    if (source === 'UPLOAD' && entries && !previewed) {
      preview.mutate({ cycle, entries });
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
          {distributed ? null : source === 'UPLOAD' && !previewed ? (
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
        <TextField
          label="Cycle number"
          type="number"
          inputMode="numeric"
          min={1}
          max={lastFinishedCycle.cycle}
          step={1}
          value={cycleText}
          disabled={busy}
          onChange={(event) => {
            forgetResults();
            setCycleText(event.target.value);
          }}
          error={'problem' in cycleNumber ? cycleNumber.problem : null}
          hint={
            lastCycleChosen
              ? `The last finished cycle: ${formatDateTime(lastFinishedCycle.startsAt)} to ${formatDateTime(lastFinishedCycle.endsAt)}, ${lastFinishedCycle.distributed ? 'already distributed' : 'not distributed yet'}.`
              : `The last finished cycle is #${lastFinishedCycle.cycle}.`
          }
        />

        <fieldset>
          <legend className="mb-1.5 font-medium text-slate-700 text-sm">Statement source</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {sourceOptions.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2.5 text-slate-800 text-sm has-checked:border-brand-600 has-checked:bg-brand-50/60 has-disabled:cursor-not-allowed has-disabled:opacity-60"
              >
                <input
                  type="radio"
                  name={`${formId}-source`}
                  value={option.value}
                  checked={source === option.value}
                  disabled={busy}
                  onChange={() => {
                    forgetResults();
                    setSource(option.value);
                  }}
                  className="h-4 w-4 accent-brand-700"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>

        {source === 'UPLOAD' ? (
          <StatementFileField
            statement={statement}
            readFailed={readFailed}
            reading={reading}
            disabled={busy}
            onChange={chooseFile}
          />
        ) : (
          <Alert tone="info">
            The statement of every linked member's trading is read from the exchange when the cycle runs.
          </Alert>
        )}

        {source === 'EXCHANGE' && lastCycleChosen && lastFinishedCycle.distributed ? (
          <Alert tone="warning" title={rewardCycleTexts.alreadyDistributed(lastFinishedCycle.cycle)}>
            Choose another cycle to run.
          </Alert>
        ) : null}

        {previewed ? <PreviewFigures preview={previewed} /> : null}

        {failure ? <Alert tone="error" title={failureText(failure)} /> : null}
      </form>
      {confirming && cycle !== null ? (
        <ConfirmActionDialog
          open
          onClose={() => setConfirming(false)}
          {...runConfirmation(cycle, previewed, statement)}
          busy={run.isPending}
          onConfirm={confirmRun}
          problem={run.error ? failureText(run.error) : null}
        />
      ) : null}
    </Modal>
  );
}

/**
 * What a run is about to do: the cycle, its statement and, previewed, the amounts it credits and
 * locks; from the exchange the amounts are known only once it has run.
 */
function runConfirmation(cycle: number, previewed: RewardCyclePreview | undefined, statement: LoadedStatement | null) {
  const usdt = (amount: number) => formatMoney(amount, { unit: 'USDT' });
  const final = 'A cycle is distributed once: this cannot be undone.';
  if (!previewed) {
    return {
      title: `Run cycle #${cycle}?`,
      details: [
        { label: 'Cycle', value: `#${cycle}` },
        { label: 'Statement', value: 'From the exchange, read when the run starts' },
      ],
      consequence: `Every linked member's copy trading in the cycle is read from the exchange, and the rewards it pays are credited to the members' balances (or locked) at once. ${final}`,
      confirmLabel: `Run cycle #${cycle} from the exchange`,
    };
  }
  const total = previewed.totalToPay + previewed.totalToLock;
  return {
    title: `Run cycle #${cycle}?`,
    details: [
      {
        label: 'Period',
        value: `${formatDateTime(previewed.startsAt)} to ${formatDateTime(previewed.endsAt)}`,
      },
      {
        label: 'Statement',
        value: `${statement?.fileName ?? 'Uploaded'}, ${formatCount(previewed.inputCount, ['entry', 'entries'])}`,
      },
      { label: 'Rewards to write', value: formatCount(previewed.rewardsToWrite) },
      { label: 'To credit', value: usdt(previewed.totalToPay) },
      { label: 'To lock', value: usdt(previewed.totalToLock) },
    ],
    consequence: `${usdt(previewed.totalToPay)} is credited to members' balances and ${usdt(previewed.totalToLock)} locked until their owners are compliant, at once. ${final}`,
    confirmLabel: `Distribute ${usdt(total)}`,
  };
}

function StatementFileField({
  statement,
  readFailed,
  reading,
  disabled,
  onChange,
}: {
  statement: LoadedStatement | null;
  readFailed: boolean;
  reading: boolean;
  disabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const inputId = useId();
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={inputId} className="mb-1.5 block font-medium text-slate-700 text-sm">
          Statement file (CSV)
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/plain"
          disabled={disabled}
          onChange={onChange}
          aria-describedby={`${inputId}-hint`}
          className="block w-full text-slate-700 text-sm file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold file:text-slate-800 file:text-sm file:shadow-sm hover:file:bg-slate-50 disabled:opacity-60"
        />
        <p id={`${inputId}-hint`} className="mt-1.5 text-slate-500 text-xs">
          One line per copier: <code>bingXUID,masterAmount</code> (the master trader's share, up to 8 decimals). A
          header line is allowed.
        </p>
      </div>
      {reading ? (
        <p className="text-slate-600 text-sm" role="status">
          Reading the file...
        </p>
      ) : null}
      {readFailed ? <Alert tone="error" title="The file could not be read. Choose it again." /> : null}
      {statement ? <StatementCheck statement={statement} /> : null}
    </div>
  );
}

/** What was read from the file: its entries, or every line to fix before anything is sent. */
function StatementCheck({ statement }: { statement: LoadedStatement }) {
  if (statement.problemCount === 0) {
    return (
      <Alert tone="success">
        {formatCount(statement.entries.length, ['entry', 'entries'])} read from {statement.fileName}
        {statement.headerSkipped ? ' (header line skipped)' : ''}.
      </Alert>
    );
  }
  const unlisted = statement.problemCount - statement.problems.length;
  return (
    <Alert
      tone="error"
      title={`${formatCount(statement.problemCount, ['problem', 'problems'])} in ${statement.fileName}: fix the file and choose it again.`}
    >
      <ul className="list-disc space-y-0.5 pl-5">
        {statement.problems.map((problem) => (
          <li key={`${problem.line ?? 'file'}-${problem.message}`}>{describeStatementProblem(problem)}</li>
        ))}
      </ul>
      {unlisted > 0 ? <p className="mt-1">...and {formatCount(unlisted, ['more problem', 'more problems'])}.</p> : null}
    </Alert>
  );
}

/** The server's preview: what a run of this statement would write. */
function PreviewFigures({ preview }: { preview: RewardCyclePreview }) {
  const titleId = useId();
  const unknownTitleId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // On a phone the preview opens below the fold: bring it into view.
  useEffect(() => {
    sectionRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const unlisted = preview.unknownCount - preview.unknownUids.length;
  return (
    <section ref={sectionRef} aria-labelledby={titleId} className="rounded-xl border border-slate-200 px-4 py-3">
      <h3 id={titleId} className="font-semibold text-slate-900 text-sm">
        Preview of cycle #{preview.cycle}
      </h3>
      {preview.alreadyDistributed ? (
        <div className="mt-3">
          <Alert tone="warning" title={rewardCycleTexts.alreadyDistributed(preview.cycle)}>
            Choose another cycle to run.
          </Alert>
        </div>
      ) : null}
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Period">
          <span className="whitespace-nowrap">{formatDateTime(preview.startsAt)}</span> to{' '}
          <span className="whitespace-nowrap">{formatDateTime(preview.endsAt)}</span>
        </DetailRow>
        <DetailRow label="Statement lines">{formatCount(preview.inputCount)}</DetailRow>
        <DetailRow label="Matched to members">{formatCount(preview.matchedCount)}</DetailRow>
        <DetailRow label="Unknown UIDs">{formatCount(preview.unknownCount)}</DetailRow>
        <DetailRow label="Total master amount">{formatMoney(preview.totalMasterAmount, { unit: 'USDT' })}</DetailRow>
        <DetailRow label="Rewards to write">{formatCount(preview.rewardsToWrite)}</DetailRow>
        <DetailRow label="To credit">{formatMoney(preview.totalToPay, { unit: 'USDT' })}</DetailRow>
        <DetailRow label="To lock">{formatMoney(preview.totalToLock, { unit: 'USDT' })}</DetailRow>
      </dl>
      {preview.unknownUids.length > 0 ? (
        <div className="mt-2">
          <p id={unknownTitleId} className="font-medium text-slate-700 text-sm">
            UIDs no member has linked (they earn no one a reward)
          </p>
          <ul
            aria-labelledby={unknownTitleId}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a list that scrolls is focusable so the keyboard can scroll it.
            tabIndex={0}
            className="mt-1.5 flex max-h-36 flex-wrap gap-1.5 overflow-y-auto rounded-lg bg-slate-50 p-2 font-mono text-slate-700 text-xs focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
          >
            {preview.unknownUids.map((uid) => (
              <li key={uid} className="rounded bg-white px-1.5 py-0.5 ring-1 ring-slate-200">
                {uid}
              </li>
            ))}
          </ul>
          {unlisted > 0 ? <p className="mt-1 text-slate-500 text-xs">...and {formatCount(unlisted)} more.</p> : null}
        </div>
      ) : null}
    </section>
  );
}
