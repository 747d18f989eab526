import type { SubscriptionFee } from '@uplink/contract/accounts';
import { formatMoney, formatUsdt } from '@uplink/contract/format';
import { Spinner } from '../../../components/spinner';
import { onboardingTexts } from '../onboarding-texts';

/**
 * What has arrived of the fee so far. Received amounts round down and the rest due rounds up, so
 * the screen never claims more than arrived. Until something arrives it says the screen is
 * watching for the payment, which it is (the profile is polled while the panel is open).
 */
export function PaymentProgress({ subscription, fee }: { subscription: SubscriptionFee; fee: number }) {
  if (subscription.received <= 0) {
    return (
      <p className="flex items-center gap-2 text-slate-600 text-sm" role="status">
        <Spinner size="sm" />
        {onboardingTexts.waitingForPayment}
      </p>
    );
  }
  // A width for the bar, not an amount of money: a float ratio is fine here.
  const percent = Math.min(100, Math.floor((subscription.received / fee) * 100));
  return (
    <div className="rounded-xl border border-brand-200 bg-brand-50/60 px-4 py-3" role="status">
      <p className="font-semibold text-slate-900 text-sm">
        {formatMoney(subscription.received, { rounding: 'floor' })} of {formatUsdt(fee)} received
      </p>
      <div
        role="progressbar"
        aria-label={onboardingTexts.paymentProgressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-white ring-1 ring-brand-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      {subscription.due > 0 ? (
        <p className="mt-2 text-slate-700 text-sm">
          <span className="font-semibold">
            {formatMoney(subscription.due, { unit: 'USDT', rounding: 'ceil' })} still due.
          </span>{' '}
          {onboardingTexts.partialPaymentHint}
        </p>
      ) : (
        <p className="mt-2 text-slate-700 text-sm">{onboardingTexts.fullAmountArrived}</p>
      )}
    </div>
  );
}
