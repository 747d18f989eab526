import { randomBytes } from 'node:crypto';
import type { RiskRule } from '@uplink/contract/risk';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeHolderRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { createMember, receivedSubscriptionTransfer, sessionHeaders } from '../../testing/builders';
import { freshAddress, readyToWithdraw, register, withdraw } from '../../testing/risk-builders';
import { newReferralCode } from '../accounts/referral-codes';
import { creditSubscriptions } from '../subscription/subscription-crediting';
import { normalizeEmail } from './email-identity';
import { evaluateRegistration } from './evaluate-risk';

/**
 * One cluster written by many requests at once: registrations of one mailbox, a withdrawal to an
 * address and the credit of a subscription it paid, resolutions of one event. (Withdrawals to one
 * address cannot both be pending: the database lets one through.) PostgreSQL interleaves their transactions (the proof);
 * the embedded database runs them one at a time.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe(`risk events under concurrent writes (${postgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { t, admin: administrator } = adminTestAppForFile();
  let sponsor: CodeHolderRow;

  beforeAll(async () => {
    sponsor = await createMember(t.database.db);
  }, 180_000);

  const eventsOf = (rule: RiskRule, clusterKey: string) =>
    t.database.db
      .selectFrom('risk_events')
      .select(['id', 'status'])
      .where('rule', '=', rule)
      .where('cluster_key', '=', clusterKey)
      .execute();

  const membersOf = async (eventId: string) =>
    (
      await t.database.db.selectFrom('risk_event_members').select('user_id').where('event_id', '=', eventId).execute()
    ).map((row) => row.user_id);

  it('registrations of one mailbox at once open one event naming every account', async () => {
    const box = `rush${randomBytes(3).toString('hex')}`;
    const emails = Array.from({ length: 8 }, (_, index) => `${box.slice(0, 2)}.${box.slice(2)}+${index}@gmail.com`);
    // Every one answered 201: `register` expects it of each.
    await Promise.all(emails.map((email, index) => register(t, sponsor, email, `10.9.0.${index + 1}`)));
    const events = await eventsOf('EMAIL_ALIAS', `${box}@gmail.com`);
    expect(events).toHaveLength(1);
    expect(await membersOf(events[0]?.id as string)).toHaveLength(emails.length);
  });

  // Two transactions that have both written their account before either looks: without the
  // cluster's lock each would see only itself and neither would open the event.
  it.skipIf(!postgres)(
    'two registrations that overlap exactly still open the event: the second looks after the first commits',
    async () => {
      const box = `overlap${randomBytes(3).toString('hex')}`;
      let arrived = 0;
      let release: () => void = () => {};
      const bothWritten = new Promise<void>((resolve) => {
        release = resolve;
      });
      const registerIn = (email: string) =>
        t.database.db.transaction().execute(async (trx) => {
          const member = await trx
            .insertInto('users')
            .values({
              first_name: 'Over',
              last_name: 'Lap',
              email,
              normalized_email: normalizeEmail(email),
              password_hash: 'x',
              referral_code: newReferralCode(),
              sponsor_id: sponsor.id,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          arrived += 1;
          if (arrived === 2) release();
          await bothWritten;
          await evaluateRegistration(
            trx,
            t.config.risk,
            {
              ...member,
              normalizedEmail: normalizeEmail(email),
              sponsorId: sponsor.id,
              registeredAt: member.created_at,
              clientAddress: null,
            },
            new Date(),
          );
        });
      await Promise.all([registerIn(`${box}@gmail.com`), registerIn(`${box}+x@googlemail.com`)]);
      const events = await eventsOf('EMAIL_ALIAS', `${box}@gmail.com`);
      expect(events).toHaveLength(1);
      expect(await membersOf(events[0]?.id as string)).toHaveLength(2);
    },
  );

  it('a withdrawal to an address and a subscription paid from it, credited at the same moment, raise one CIRCULAR_FUNDS event', async () => {
    const rounds = 6;
    for (let round = 0; round < rounds; round += 1) {
      const withdrawer = await createMember(t.database.db);
      await readyToWithdraw(t, withdrawer, '50');
      const funded = await createMember(t.database.db);
      const address = freshAddress();
      await receivedSubscriptionTransfer(t.database.db, funded, new Date(Date.now() - 1000), address);
      const [withdrawal, credited] = await Promise.all([
        withdraw(t, withdrawer, address, 10),
        creditSubscriptions(t.database.db, [funded.id], t.config, new Date()),
      ]);
      expect(withdrawal.statusCode, withdrawal.body).toBe(200);
      expect(credited).toEqual([funded.id]);
      const events = await eventsOf('CIRCULAR_FUNDS', address);
      expect(events, `round ${round}`).toHaveLength(1);
      expect((await membersOf(events[0]?.id as string)).sort()).toEqual([withdrawer.id, funded.id].sort());
    }
  });

  it('two resolutions of one event at once: one wins, the others are told it is resolved', async () => {
    const box = `twice${randomBytes(3).toString('hex')}`;
    for (const email of [`${box}@gmail.com`, `${box}+2@gmail.com`]) await register(t, sponsor, email, '10.9.1.1');
    const [event] = await eventsOf('EMAIL_ALIAS', `${box}@gmail.com`);
    const resolutions = await Promise.all(
      (['CONFIRMED', 'DISMISSED', 'CONFIRMED', 'DISMISSED'] as const).map((resolution) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/risk/events/${event?.id}/resolve`,
          headers: sessionHeaders(t.app, administrator),
          payload: { resolution, note: `Resolved as ${resolution}` },
        }),
      ),
    );
    expect(resolutions.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(resolutions.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().errorCode)).toEqual([
      'RISK_EVENT_ALREADY_RESOLVED',
      'RISK_EVENT_ALREADY_RESOLVED',
      'RISK_EVENT_ALREADY_RESOLVED',
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', event?.id as string)
      .execute();
    expect(audit).toHaveLength(1);
  });
});
