import type { SubscriptionFee } from '@uplink/contract/accounts';
import { bscNetworkName } from '@uplink/contract/constants';
import { formatCount, formatUsdt, shortenAddress } from '@uplink/contract/format';
import { onboardingMessages } from '@uplink/contract/onboarding-messages';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';
import { ClockIcon } from '../../../components/icons';
import { RefreshButton } from '../../../components/refresh-button';
import { Spinner } from '../../../components/spinner';
import { usePaymentDetails } from '../api/payment-details';
import { onboardingTexts } from '../onboarding-texts';
import { DepositAddress } from './deposit-address';
import { DepositQrCode } from './deposit-qr-code';
import { PaymentProgress } from './payment-progress';

/** What 'refresh status' found: no payment yet (info), or that it could not look (error). */
export interface RefreshNotice {
  tone: 'info' | 'error';
  text: string;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-slate-100 border-t py-3 first:border-t-0 first:pt-0">
      <dt className="font-medium text-slate-500 text-xs uppercase tracking-wide">{label}</dt>
      <dd className="mt-1 text-slate-900 text-sm">{children}</dd>
    </div>
  );
}

/** Step 1: where and how much to pay, what has arrived so far, and the 'refresh status' action. */
export function PaymentPanel({
  depositAddress,
  subscription,
  onRefresh,
  refreshNotice,
}: {
  depositAddress: string;
  subscription: SubscriptionFee;
  onRefresh: () => void;
  refreshNotice: RefreshNotice | null;
}) {
  const details = usePaymentDetails();
  const fee = details.data ? formatUsdt(details.data.fee) : '…';

  return (
    <Card>
      <CardHeader
        title={`1. ${onboardingTexts.stepPay}`}
        subtitle={`Send ${fee} on the ${bscNetworkName} network to your personal deposit address.`}
      />
      <CardBody>
        <div className="flex flex-col gap-6 md:flex-row md:items-start">
          <div className="flex shrink-0 justify-center md:w-56">
            <DepositQrCode address={depositAddress} />
          </div>
          <dl className="min-w-0 flex-1">
            <Detail label="Your deposit address">
              <div className="flex flex-wrap items-center gap-2">
                <DepositAddress address={depositAddress} />
                <CopyButton value={depositAddress} ariaLabel="Copy deposit address" />
              </div>
            </Detail>
            <Detail label="Network">{bscNetworkName}</Detail>
            <Detail label="Amount">
              <span className="font-semibold">{fee}</span>
              {details.data ? (
                <span className="text-slate-500">{` · valid for ${formatCount(details.data.periodDays, ['day', 'days'])}`}</span>
              ) : null}
            </Detail>
            <Detail label="USDT contract">
              {details.data ? (
                <div className="flex items-center gap-2">
                  <code className="font-mono text-sm" title={details.data.tokenContract}>
                    {shortenAddress(details.data.tokenContract)}
                  </code>
                  <CopyButton value={details.data.tokenContract} ariaLabel="Copy USDT contract address" />
                </div>
              ) : (
                <Spinner size="sm" />
              )}
            </Detail>
          </dl>
        </div>

        <div className="mt-6 space-y-3">
          {details.data ? <PaymentProgress subscription={subscription} fee={details.data.fee} /> : null}
          <Alert tone="warning">Send only USDT on {bscNetworkName}. Other tokens or networks cannot be credited.</Alert>
          <div className="flex flex-col gap-3 rounded-lg bg-slate-50 px-4 py-3 text-slate-700 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-start gap-2">
              <ClockIcon size={16} className="mt-0.5 shrink-0 text-slate-500" />
              <span>{onboardingMessages.confirmationTime}</span>
            </p>
            <p className="flex shrink-0 items-center gap-2">
              <span className="text-slate-500">Paid already?</span>
              <RefreshButton size="sm" onClick={onRefresh}>
                {onboardingTexts.refreshStatus}
              </RefreshButton>
            </p>
          </div>
          {refreshNotice ? <Alert tone={refreshNotice.tone}>{refreshNotice.text}</Alert> : null}
        </div>
      </CardBody>
    </Card>
  );
}
