import { Counter } from 'prom-client';
import { type MailKind, mailKinds } from '../../db/schema';
import { metricsRegistry } from '../../metrics-registry';

const failedMails = new Counter({
  name: 'uplink_mail_failed_total',
  help: 'E-mails given up on (FAILED): not delivered while their link, code or notice was still good, by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});
// Every kind from 0, so the first failure is an increase Prometheus sees.
for (const kind of mailKinds) failedMails.inc({ kind }, 0);

/** Counts mails just given up on. */
export function countFailedMails(kinds: readonly MailKind[]): void {
  for (const kind of kinds) failedMails.inc({ kind });
}
