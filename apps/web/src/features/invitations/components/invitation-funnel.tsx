import { invitationTexts } from '@uplink/contract/invitation-texts';
import type { FunnelQuery } from '@uplink/contract/invitations';
import { FunnelChart } from '../../../components/funnel-chart';
import { QueryState } from '../../../components/query-state';
import { SelectField } from '../../../components/select-field';
import { errorText, loadFailure } from '../../../lib/error-text';
import { useFunnel } from '../api/get-funnel';

/** The periods the funnel offers, as days back from today (null: since the first invitee). */
const periods = [
  { value: '', label: 'All time', days: null },
  { value: '7', label: 'Last 7 days', days: 7 },
  { value: '30', label: 'Last 30 days', days: 30 },
  { value: '90', label: 'Last 90 days', days: 90 },
] as const;

/** `days` back from today, as the funnel's `from` (a UTC day). */
export function periodStart(days: number | null): FunnelQuery {
  if (days === null) return {};
  return { from: new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10) };
}

/** The member's funnel over the chosen period: visits, then each step their invitees reached. */
export function InvitationFunnel({
  period,
  onPeriodChange,
}: {
  period: string;
  onPeriodChange: (period: string) => void;
}) {
  const days = periods.find((choice) => choice.value === period)?.days ?? null;
  const funnel = useFunnel(periodStart(days));
  return (
    <section aria-labelledby="funnel-title" className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="funnel-title" className="font-semibold text-slate-900 text-sm">
          {invitationTexts.funnelTitle}
        </h3>
        <SelectField
          label="Period"
          hideLabel
          className="w-40"
          options={periods}
          value={period}
          onChange={(event) => onPeriodChange(event.target.value)}
        />
      </div>
      <QueryState
        query={funnel}
        failure={errorText(funnel.error, loadFailure(invitationTexts.loadFailed, invitationTexts.loadFailed))}
      >
        {(data) => (
          <>
            <FunnelChart steps={data.steps} partlyPaid={data.partlyPaid} label="Your invitation funnel" />
            <p className="text-slate-500 text-xs">
              Visits are unique visitors a day; of {data.steps[1]?.count ?? 0} registered, {data.registeredThroughLink}{' '}
              came through your link, the others typed your code.
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
