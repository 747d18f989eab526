import {
  type StatementKind,
  type StatementPreset,
  type StatementRange,
  statementDefaultRange,
  statementPresetLabels,
  statementPresetRange,
  statementTexts,
} from '@uplink/contract/statement-ranges';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/error-text';
import { useDownloadStatement } from '../api/download-statement';

const presets = Object.keys(statementPresetLabels) as StatementPreset[];

/**
 * A statement of the member's rewards or withdrawals for a range of days (UTC), as CSV: a preset
 * (this month, last month, this year) or two dates, opening on the month of the member's latest
 * activity. The file closes with its totals and how they add up.
 */
export function StatementDownload({
  latestActivityAt,
  today = new Date(),
}: {
  /** The member's newest reward or withdrawal request (null: none yet). */
  latestActivityAt: string | null;
  today?: Date;
}) {
  const [chosen, setRange] = useState<StatementRange | null>(null);
  const range = chosen ?? statementDefaultRange(latestActivityAt, today);
  const download = useDownloadStatement();
  const [pending, setPending] = useState<StatementKind | null>(null);
  const reversed = range.from !== '' && range.to !== '' && range.from > range.to;
  const incomplete = range.from === '' || range.to === '';

  const start = (kind: StatementKind) => {
    setPending(kind);
    download.mutate({ kind, range }, { onSettled: () => setPending(null) });
  };

  return (
    <Card>
      <CardHeader title="Statements" subtitle="Your rewards and withdrawals of a period as a CSV file (dates in UTC)" />
      <CardBody className="space-y-4">
        <fieldset>
          <legend className="mb-2 font-medium text-slate-700 text-sm">Period</legend>
          <div className="flex flex-wrap gap-2">
            {presets.map((preset) => {
              const presetRange = statementPresetRange(preset, today);
              const chosen = presetRange.from === range.from && presetRange.to === range.to;
              return (
                <Button
                  key={preset}
                  size="sm"
                  variant={chosen ? 'primary' : 'secondary'}
                  aria-pressed={chosen}
                  onClick={() => setRange(presetRange)}
                >
                  {statementPresetLabels[preset]}
                </Button>
              );
            })}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="From"
            type="date"
            value={range.from}
            onChange={(event) => setRange({ ...range, from: event.target.value })}
          />
          <TextField
            label="To"
            type="date"
            value={range.to}
            error={reversed ? statementTexts.fromAfterTo : null}
            onChange={(event) => setRange({ ...range, to: event.target.value })}
          />
        </div>
        {download.error ? (
          <Alert tone="error">{errorText(download.error, { exception: statementTexts.downloadFailed })}</Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button disabled={reversed || incomplete} busy={pending === 'rewards'} onClick={() => start('rewards')}>
            Download rewards (CSV)
          </Button>
          <Button
            variant="secondary"
            disabled={reversed || incomplete}
            busy={pending === 'withdrawals'}
            onClick={() => start('withdrawals')}
          >
            Download withdrawals (CSV)
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
