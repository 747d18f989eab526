import type { MemberProfile } from '@uplink/contract/accounts';
import { formatDate } from '@uplink/contract/format';
import { Badge } from '../../../components/badge';
import { Card, CardBody, CardHeader } from '../../../components/card';

/** Subscription: Active with its activation date, or Pending Payment. */
export function SubscriptionCard({ subscription }: { subscription: MemberProfile['subscriptionFee'] }) {
  return (
    <Card>
      <CardHeader title="Subscription" />
      <CardBody>
        {subscription.paid ? (
          <div className="space-y-1">
            <Badge tone="green" dot>
              Active
            </Badge>
            <p className="text-slate-600 text-sm">Activated {formatDate(subscription.timestamp)}</p>
            {subscription.periodEndsAt ? (
              <p className="text-slate-500 text-sm">Renews by {formatDate(subscription.periodEndsAt)}</p>
            ) : null}
          </div>
        ) : (
          <div className="space-y-1">
            <Badge tone="amber" dot>
              Pending Payment
            </Badge>
            <p className="text-slate-600 text-sm">Pay the subscription to keep earning rewards.</p>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
