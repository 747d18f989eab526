import { screen } from '@testing-library/react';
import { unsubscribeLinkStateSchema, unsubscribeResultSchema } from '@uplink/contract/notifications';
import { describe, expect, it } from 'vitest';
import { onApi, refusal } from '../../testing/api-server';
import { renderScreen } from '../../testing/render-screen';
import UnsubscribePage from './unsubscribe';

const member = '5b0c1a4e-8f0e-4a57-9d51-0c2f6f3f7b11';
const signature = 'ab'.repeat(32);
const linkQuery = `m=${member}&k=cycleSummary&s=${signature}`;

/** The page as a reader who is not signed in opens it from a notice's body. */
const openPage = (query = linkQuery) =>
  renderScreen(<UnsubscribePage />, { path: '/unsubscribe', at: `/unsubscribe?${query}` });

/** The server: GET tells whether the kind is on, POST turns it off; records the signed queries it got. */
function linkServer(on: boolean, alreadyOff = !on) {
  const asked: string[] = [];
  onApi('get', '/users/notifications/unsubscribe', { response: unsubscribeLinkStateSchema }, ({ url }) => {
    asked.push(`GET ${url.search}`);
    return { kind: 'cycleSummary' as const, on };
  });
  onApi('post', '/users/notifications/unsubscribe', { response: unsubscribeResultSchema }, ({ url }) => {
    asked.push(`POST ${url.search}`);
    return { kind: 'cycleSummary' as const, alreadyOff };
  });
  return asked;
}

describe('the unsubscribe page of a notice (/unsubscribe?m=&k=&s=), without signing in', () => {
  it('shows what will be turned off, changes nothing until the button, then POSTs the signed link and says so', async () => {
    const asked = linkServer(true);
    const { user } = openPage();
    expect(await screen.findByText('Turn off “Cycle summary” e-mails?')).toBeTruthy();
    expect(screen.getByText("Each cycle's credits: credited, locked and carried.")).toBeTruthy();
    expect(asked).toEqual([`GET ?${linkQuery}`]);
    await user.click(screen.getByRole('button', { name: 'Turn these e-mails off' }));
    expect(await screen.findByText('“Cycle summary” e-mails are off. You will not get them any more.')).toBeTruthy();
    expect(asked).toEqual([`GET ?${linkQuery}`, `POST ?${linkQuery}`]);
    expect(screen.queryByRole('button', { name: 'Turn these e-mails off' })).toBeNull();
  });

  it('says the notices are already off, with no button, when the link finds them off', async () => {
    const asked = linkServer(false);
    openPage();
    expect(
      (await screen.findByText('“Cycle summary” e-mails were already off. Nothing changed.')).textContent,
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn these e-mails off' })).toBeNull();
    expect(asked).toEqual([`GET ?${linkQuery}`]);
  });

  it('says already off when they were turned off meanwhile (the POST finds them off)', async () => {
    linkServer(true, true);
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Turn these e-mails off' }));
    expect(await screen.findByText('“Cycle summary” e-mails were already off. Nothing changed.')).toBeTruthy();
  });

  it('refuses a tampered or foreign link in clear words, offering no button', async () => {
    onApi('get', '/users/notifications/unsubscribe', {}, () => refusal(400, 'INVALID_OR_EXPIRED_TOKEN'));
    openPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This link cannot turn anything off');
    expect(alert.textContent).toContain('it was changed or it belongs to another mail. Nothing was turned off.');
    expect(screen.queryByRole('button', { name: 'Turn these e-mails off' })).toBeNull();
  });

  it('refuses a malformed link without asking the server', async () => {
    // No handler: a call would fail the test.
    openPage(`m=${member}&k=passwordChanged&s=${signature}`);
    expect((await screen.findByRole('alert')).textContent).toContain('This link cannot turn anything off');
    expect(screen.getByRole('link', { name: 'Manage every notice on your profile' }).getAttribute('href')).toBe(
      '/profile',
    );
  });

  it('keeps the button when the POST was refused for too many tries, and says nothing was turned off', async () => {
    onApi('get', '/users/notifications/unsubscribe', { response: unsubscribeLinkStateSchema }, () => ({
      kind: 'cycleSummary' as const,
      on: true,
    }));
    onApi('post', '/users/notifications/unsubscribe', {}, () => refusal(429, 'RATE_LIMITED'));
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Turn these e-mails off' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Nothing was turned off');
    expect(screen.getByRole('button', { name: 'Turn these e-mails off' })).toBeTruthy();
  });
});
