import type { AdminFunnel } from '@uplink/contract/invitations';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { createAdministrator, createMember, sessionHeaders } from '../../testing/builders';
import { inviteeAt } from '../../testing/invitation-builders';

describe("administrators read the network's invitation funnel by week", () => {
  const { t, adminHeaders } = adminTestAppForFile();

  const report = async (query: string, headers = adminHeaders) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/reports/funnel${query}`, headers });
    return { status: response.statusCode, body: response.json() as { data: AdminFunnel; errorCode: string } };
  };
  const countsOf = (steps: AdminFunnel['total']['steps']) => steps.map((step) => step.count);

  it("gives each week's visits and registrations with their stages, the conversion, and one member's link", async () => {
    const sponsor = await createMember(t.database.db);
    const other = await createMember(t.database.db);
    // Week of Monday 2026-11-02, and of 2026-11-09.
    await inviteeAt(t.database.db, sponsor, 'SUBSCRIPTION_PAID', { created_at: '2026-11-03T10:00:00Z' });
    await inviteeAt(t.database.db, sponsor, 'REGISTERED', { created_at: '2026-11-04T10:00:00Z' });
    await inviteeAt(t.database.db, other, 'PARTLY_PAID', {
      created_at: '2026-11-10T10:00:00Z',
      registered_through_link: true,
    });
    await sql`INSERT INTO invitation_visits (sponsor_id, visited_on, visits)
              VALUES (${sponsor.id}, '2026-11-03', 4), (${other.id}, '2026-11-11', 2)`.execute(t.database.db);
    await sql`INSERT INTO invitation_visit_totals (visited_on, slot, visits)
              VALUES ('2026-11-03', 0, 3), ('2026-11-03', 5, 1), ('2026-11-11', 0, 2)`.execute(t.database.db);

    const { status, body } = await report('?from=2026-11-02&to=2026-11-15&groupBy=week');
    expect(status).toBe(200);
    expect(body.data.weeks.map((week) => week.weekStart)).toEqual(['2026-11-02', '2026-11-09']);
    expect(countsOf(body.data.weeks[0]?.steps ?? [])).toEqual([4, 2, 1, 1, 0, 0, 0]);
    expect(countsOf(body.data.weeks[1]?.steps ?? [])).toEqual([2, 1, 1, 0, 0, 0, 0]);
    expect(body.data.weeks[1]?.partlyPaid).toBe(1);
    expect(body.data.weeks[1]?.steps[1]?.conversion).toBeCloseTo(0.5);
    expect(countsOf(body.data.total.steps)).toEqual([6, 3, 2, 1, 0, 0, 0]);
    expect(body.data.total.steps[3]?.conversion).toBeCloseTo(0.5);

    const mine = await report(`?from=2026-11-02&to=2026-11-15&memberId=${sponsor.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ memberId: sponsor.id, bestLinks: [] });
    expect(countsOf(mine.body.data.total.steps)).toEqual([4, 2, 1, 1, 0, 0, 0]);
  });

  it('ranks the links that turn visits into paid invitees best, from 20 visits on', async () => {
    const strong = await createMember(t.database.db, { firstName: 'Strong' });
    const weak = await createMember(t.database.db, { firstName: 'Weak' });
    const few = await createMember(t.database.db, { firstName: 'Few' });
    for (const [member, paid] of [
      [strong, 3],
      [weak, 1],
      [few, 2],
    ] as const) {
      for (let index = 0; index < paid; index += 1) await inviteeAt(t.database.db, member, 'SUBSCRIPTION_PAID');
    }
    await sql`UPDATE invitation_link_totals SET visits = CASE sponsor_id WHEN ${strong.id}::uuid THEN 20
                                                                        WHEN ${weak.id}::uuid THEN 40 ELSE 5 END
               WHERE sponsor_id IN (${strong.id}, ${weak.id}, ${few.id})`.execute(t.database.db);
    const { body } = await report('');
    const ranked = body.data.bestLinks.filter((link) => [strong.id, weak.id, few.id].includes(link._id));
    expect(ranked.map((link) => [link.name, link.visits, link.paid])).toEqual([
      ['Strong Lovelace', 20, 3],
      ['Weak Lovelace', 40, 1],
    ]);
    expect(ranked[0]?.conversion).toBeCloseTo(0.15);
    expect(body.data.weeks).toHaveLength(12);
  });

  it('lets every role read it, and refuses members; an unknown member or a period over a year is refused', async () => {
    const analyst = await createAdministrator(t.database.db, 'ANALYST');
    expect((await report('', sessionHeaders(t.app, analyst))).status).toBe(200);
    const member = await createMember(t.database.db);
    const refused = await report('', sessionHeaders(t.app, member));
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('FORBIDDEN');

    const unknown = await report('?memberId=00000000-0000-0000-0000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe('USER_NOT_FOUND');
    for (const query of ['?from=2025-01-01&to=2026-03-01', '?groupBy=day', '?memberId=nobody', '?from=2026-13-01']) {
      const answer = await report(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.errorCode).toBe('VALIDATION_ERROR');
    }
  });
});
