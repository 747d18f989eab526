import { formatCount, formatDateTime, formatUsdt } from '@uplink/contract/format';
import { type RewardCyclePreview, rewardCycleTexts } from '@uplink/contract/reward-runs';
import { useEffect, useId, useRef } from 'react';
import { Alert } from '../../../components/alert';
import { DetailRow } from '../../../components/detail-row';

/** The server's preview: what a run of this statement would write. */
export function RewardCyclePreviewFigures({ preview }: { preview: RewardCyclePreview }) {
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
        <DetailRow label="Total master amount">{formatUsdt(preview.totalMasterAmount)}</DetailRow>
        <DetailRow label="Rewards to write">{formatCount(preview.rewardsToWrite)}</DetailRow>
        <DetailRow label="To credit">{formatUsdt(preview.totalToPay)}</DetailRow>
        <DetailRow label="To lock">{formatUsdt(preview.totalToLock)}</DetailRow>
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
