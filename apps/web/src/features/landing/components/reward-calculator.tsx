import { subscriptionFeeUsdt } from '@uplink/contract/constants';
import { formatCents, formatCount } from '@uplink/contract/format';
import { useState } from 'react';
import { TextField } from '../../../components/text-field';
import { useRewardPlan } from '../api/get-reward-plan';
import { assumptionLimits, assumptionsError, estimateEarnings } from '../utils/estimate-earnings';

type Assumption = keyof typeof assumptionLimits;

/** The figures a visitor describes, in the order the calculator asks for them. */
const assumptionFields: { name: Assumption; label: string; inputMode: 'numeric' | 'decimal'; step?: string }[] = [
  { name: 'invitesPerMember', label: 'People each member invites', inputMode: 'numeric' },
  { name: 'levels', label: 'Levels below you', inputMode: 'numeric' },
  { name: 'monthlyShareUsdt', label: 'Monthly profit share per member (USDT)', inputMode: 'decimal', step: '0.01' },
];

/**
 * What the plan in force pays for a network of a given shape and monthly trading: the percents
 * come from the server's plan, so the figures change with it.
 */
export function RewardCalculator() {
  const plan = useRewardPlan();
  const [figures, setFigures] = useState<Record<Assumption, string>>({
    invitesPerMember: '3',
    levels: '5',
    monthlyShareUsdt: '20',
  });
  const assumptions = {
    invitesPerMember: Number(figures.invitesPerMember),
    levels: Number(figures.levels),
    monthlyShareUsdt: Number(figures.monthlyShareUsdt),
  };
  const problem = assumptionFields.every(({ name }) => figures[name])
    ? assumptionsError(assumptions)
    : 'Fill in all three figures.';
  const estimate = plan.data && !problem ? estimateEarnings(plan.data, assumptions, subscriptionFeeUsdt) : null;

  return (
    <div className="mt-14 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h3 className="font-semibold text-slate-900 text-xl">What the plan could pay you</h3>
      <p className="mt-1 text-slate-600">
        Describe a network and its trading; the figures use the reward plan in force
        {plan.data ? ` (version ${plan.data.version})` : ''}.
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        {assumptionFields.map(({ name, label, inputMode, step }) => (
          <TextField
            key={name}
            label={label}
            type="number"
            inputMode={inputMode}
            step={step}
            min={assumptionLimits[name].min}
            max={assumptionLimits[name].max}
            value={figures[name]}
            onChange={(event) => setFigures({ ...figures, [name]: event.target.value })}
          />
        ))}
      </div>
      <div aria-live="polite" className="mt-6">
        {plan.isPending ? <p className="text-slate-600">Loading the reward plan…</p> : null}
        {plan.isError ? (
          <p className="text-red-700">The reward plan could not be loaded. Please try again later.</p>
        ) : null}
        {plan.data && problem ? <p className="text-red-700">{problem}</p> : null}
        {estimate ? (
          <dl className="grid gap-4 sm:grid-cols-3">
            <Figure label="Members in your network" value={formatCount(estimate.members)} />
            <Figure
              label="Downline rewards a month"
              value={formatCents(estimate.monthlyDownlineCents, { unit: 'USDT' })}
            />
            <Figure
              label="Direct rewards when your invitees subscribe"
              value={formatCents(estimate.directCents, { unit: 'USDT' })}
            />
          </dl>
        ) : null}
      </div>
      <p className="mt-4 text-slate-500 text-sm">
        An illustration, not a promise: rewards follow the real trading of each cycle, and rewards earned while you are
        not compliant stay locked.
      </p>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-slate-50 p-4">
      <dt className="text-slate-600 text-sm">{label}</dt>
      <dd className="mt-1 break-words font-bold text-2xl text-slate-900">{value}</dd>
    </div>
  );
}
