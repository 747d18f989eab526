import { noticeKindLabels, noticeKinds, notificationTexts } from '@uplink/contract/notice-kinds';
import { Alert } from '../../../components/alert';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { LoadError, Loading } from '../../../components/query-state';
import { Toggle } from '../../../components/toggle';
import { errorText } from '../../../lib/error-text';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences';

/** One switch per notice kind; a change is saved at once. Essential mail has no switch. */
export function NotificationPreferencesCard() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  return (
    <Card>
      <CardHeader title={notificationTexts.title} subtitle={notificationTexts.subtitle} />
      <CardBody className="divide-y divide-slate-100 py-1">
        {preferences.isPending ? <Loading /> : null}
        {preferences.isError ? (
          <LoadError title={notificationTexts.loadFailed} onRetry={() => preferences.refetch()} />
        ) : null}
        {preferences.data
          ? noticeKinds.map((kind) => (
              <Toggle
                key={kind}
                label={noticeKindLabels[kind].title}
                description={noticeKindLabels[kind].description}
                checked={preferences.data[kind]}
                disabled={update.isPending}
                onChange={(checked) => update.mutate({ [kind]: checked })}
              />
            ))
          : null}
        {update.error ? <Alert tone="error">{errorText(update.error)}</Alert> : null}
      </CardBody>
    </Card>
  );
}
