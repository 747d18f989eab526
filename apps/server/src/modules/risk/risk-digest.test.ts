import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import { createMember, mailTo, registrationBody } from '../../testing/builders';
import { writeDueNotices } from '../notifications/notice-jobs';

const dayMs = 86_400_000;

describe('the administrators’ digest lists the risk events opened since the previous one', () => {
  const t = testAppForFile();

  it('counts them and names the newest, most severe first', async () => {
    const admin = await createMember(t.database.db, { isAdmin: true, firstName: 'Root' });
    const sponsor = await createMember(t.database.db);
    const day = new Date();
    t.clock.set(day);
    await writeDueNotices(t.app.context);
    const earlier = (await mailTo(t.database.db, admin.email)).length;

    t.clock.set(new Date(day.getTime() + 2 * 3_600_000));
    const box = `digest${randomBytes(3).toString('hex')}`;
    for (const [index, email] of [`${box}@gmail.com`, `${box}+1@gmail.com`, `${box}@mailinator.com`].entries()) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        remoteAddress: `10.7.0.${index + 1}`,
        payload: registrationBody(sponsor.referral_code, { email }),
      });
      expect(answer.statusCode).toBe(201);
    }
    t.clock.set(new Date(day.getTime() + dayMs));
    await writeDueNotices(t.app.context);
    const mails = await mailTo(t.database.db, admin.email);
    expect(mails).toHaveLength(earlier + 1);
    expect(mails[0]?.text).toContain(
      'Risk events opened since the previous digest, to be resolved on the Risk page: 2. High: E-mail alias, 2 members; Low: Disposable e-mail, 1 member.',
    );
  });
});
