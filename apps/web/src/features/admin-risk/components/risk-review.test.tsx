import { screen, within } from '@testing-library/react';
import { roleRefusal } from '@uplink/contract/admin-roles';
import {
  extendRiskHoldSchema,
  type RiskEvent,
  resolveRiskEventSchema,
  riskEventSchema,
  riskEventsSchema,
  riskResolutionResultSchema,
} from '@uplink/contract/risk';
import { describe, expect, it } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { anAdministrator, aRiskEvent, aRiskQueue } from '../../../testing/sample-data';
import { RiskReview } from './risk-review';

const burst = aRiskEvent({
  _id: 'event-2',
  rule: 'REGISTRATION_BURST',
  severity: 'MEDIUM',
  evidence: {
    rule: 'REGISTRATION_BURST',
    basis: 'CLIENT_ADDRESS',
    sponsorId: null,
    clientAddress: '203.0.113.7',
    accounts: [],
  },
});

/**
 * The Risk page's queue as the server answers `queue.current` (a resolution changes it), every
 * query it is asked recorded; at `at` (an address with its `?event=`).
 */
function renderQueue(events: RiskEvent[], at = '/admin/risk', signedInAs = anAdministrator()) {
  const queue = { current: aRiskQueue(events, { open: events.length, openHigh: 1 }) };
  const asked: Record<string, string>[] = [];
  onApi('get', '/admin/risk/events', { response: riskEventsSchema }, ({ url }) => {
    asked.push(Object.fromEntries(url.searchParams));
    return queue.current;
  });
  const rendered = renderScreen(<RiskReview />, { path: '/admin/risk', at, signedInAs });
  return { ...rendered, queue, asked };
}

describe('the risk queue', () => {
  it('shows the open statistics and the events in the order the server sends them, severity first', async () => {
    renderQueue([aRiskEvent(), burst]);
    const table = await screen.findByRole('table', { name: 'Risk events' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent?.split('Opened')[0])).toEqual([
      'E-mail alias',
      'Registration burst',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('High')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Medium')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Ann Lee, Anna Lee')).toBeTruthy();
    expect(screen.getByTestId('risk-open').textContent).toBe('2');
    expect(screen.getByTestId('risk-open-high').textContent).toBe('1');
  });

  it('asks for the open events first, then for what the filters choose, from page 1', async () => {
    const { user, asked } = renderQueue([aRiskEvent()]);
    await screen.findByRole('table', { name: 'Risk events' });
    expect(asked.at(-1)).toEqual({ status: 'OPEN', page: '1', limit: '20' });
    await user.selectOptions(screen.getByLabelText('Severity'), 'HIGH');
    await user.selectOptions(screen.getByLabelText('Rule'), 'EMAIL_ALIAS');
    await user.selectOptions(screen.getByLabelText('Status'), 'ALL');
    await expect.poll(() => asked.at(-1)).toEqual({ severity: 'HIGH', rule: 'EMAIL_ALIAS', page: '1', limit: '20' });
  });

  it('says when no event matches the filters', async () => {
    const { user } = renderQueue([]);
    expect(await screen.findByText('No risk events')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'CONFIRMED');
    expect(await screen.findByText('No risk event matches these filters.')).toBeTruthy();
  });
});

describe('the cluster view', () => {
  it('sets the members side by side with their evidence, marks what they share and links each member', async () => {
    const { user } = renderQueue([aRiskEvent(), burst]);
    await user.click(await screen.findByRole('button', { name: /Open the e-mail alias cluster of Ann Lee/ }));
    const cluster = screen.getByRole('region', { name: 'Cluster: E-mail alias' });
    expect(within(cluster).getByText('annlee@gmail.com', { selector: '.font-mono' })).toBeTruthy();
    const members = within(cluster).getByRole('table', { name: 'Members of the e-mail alias cluster' });
    const rows = within(members).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Ann Lee' })
        .getAttribute('href'),
    ).toBe('/admin/users/member-1');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'Anna Lee' })
        .getAttribute('href'),
    ).toBe('/admin/users/member-2');
    // The normalised e-mail and the sponsor are the same for both: marked as shared.
    expect(within(rows[0] as HTMLElement).getAllByText('(shared)')).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByText('a.n.n.lee@googlemail.com', { exact: false })).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: "Sponsor's account" })
        .getAttribute('href'),
    ).toBe('/admin/users/sponsor-1');
  });

  it('counts every member of an event too large to list, and says the cluster lists the first of them', async () => {
    const { user } = renderQueue([{ ...burst, memberCount: 1204 }]);
    const row = await screen.findByRole('row', { name: /Registration burst/ });
    expect(within(row).getByText('1,204')).toBeTruthy();
    expect(within(row).getByText('Ann Lee, Anna Lee and 1,202 more')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /Open the registration burst cluster/ }));
    expect(
      screen.getByText('The first 2 of 1,204 members are listed; resolving the event acts on every one.'),
    ).toBeTruthy();
  });

  it('opens the event the address names, as a member page links to it', async () => {
    renderQueue([aRiskEvent(), burst], '/admin/risk?event=event-2');
    const cluster = await screen.findByRole('region', { name: 'Cluster: Registration burst' });
    expect(within(cluster).getByText('203.0.113.7')).toBeTruthy();
  });
});

describe('resolving an event', () => {
  async function openResolution(resolution: 'Confirm…' | 'Dismiss…', events = [aRiskEvent()]) {
    const rendered = renderQueue(events);
    await rendered.user.click(await screen.findByRole('button', { name: /Open the e-mail alias cluster/ }));
    await rendered.user.click(screen.getByRole('button', { name: resolution }));
    return rendered;
  }

  it('confirms with a note after saying what follows, and shows the outcome in the cluster', async () => {
    const { user, queue } = await openResolution('Confirm…');
    const sent: unknown[] = [];
    onApi(
      'post',
      '/admin/risk/events/:id/resolve',
      { request: resolveRiskEventSchema, response: riskResolutionResultSchema },
      ({ body, params }) => {
        sent.push({ id: params.id, ...body });
        const event = {
          ...aRiskEvent(),
          status: 'CONFIRMED' as const,
          resolvedAt: '2026-03-03T09:00:00.000Z',
          resolvedBy: 'Root Admin',
          note: body.note,
        };
        queue.current = aRiskQueue([], { open: 0, openHigh: 0 });
        return { event, lockedMembers: 2, blockedWithdrawals: 1 };
      },
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirm this risk event?' });
    expect(dialog.textContent).toContain('E-mail alias');
    expect(dialog.textContent).toContain(
      'The 2 members of this cluster are locked and their pending withdrawals blocked',
    );

    // No note: refused here, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and lock 2 members' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('A note is required');
    expect(sent).toEqual([]);

    const note = within(dialog).getByLabelText('Note (required)');
    await user.type(note, 'One person, six aliases');
    expect(within(dialog).getByText('23 / 500')).toBeTruthy();
    expect(note.getAttribute('maxlength')).toBe('500');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and lock 2 members' }));

    await expect
      .poll(() => sent)
      .toEqual([{ id: 'event-1', resolution: 'CONFIRMED', note: 'One person, six aliases' }]);
    const cluster = await screen.findByRole('region', { name: 'Cluster: E-mail alias' });
    expect(await within(cluster).findByText(/^Confirmed by Root Admin/)).toBeTruthy();
    expect(within(cluster).getByText('2 members locked, 1 pending withdrawal blocked.')).toBeTruthy();
    expect(within(cluster).getByText('Note: One person, six aliases')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('No risk events')).toBeTruthy();
  });

  it('says a dismissal releases the hold', async () => {
    await openResolution('Dismiss…');
    const dialog = screen.getByRole('dialog', { name: 'Dismiss this risk event?' });
    expect(dialog.textContent).toContain('The hold on the 2 members is released');
    expect(within(dialog).getByRole('button', { name: 'Dismiss the event' })).toBeTruthy();
  });

  it("shows a refusal in the dialog in the server's words and keeps the note", async () => {
    const { user } = await openResolution('Dismiss…');
    onApi(
      'post',
      '/admin/risk/events/:id/resolve',
      { request: resolveRiskEventSchema, response: riskResolutionResultSchema },
      () => refusal(409, 'RISK_EVENT_ALREADY_RESOLVED', 'This risk event has already been resolved.'),
    );
    const dialog = screen.getByRole('dialog', { name: 'Dismiss this risk event?' });
    await user.type(within(dialog).getByLabelText('Note (required)'), 'Two siblings');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss the event' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This risk event has already been resolved.');
    expect(within(dialog).getByLabelText('Note (required)')).toHaveProperty('value', 'Two siblings');
  });

  it('shows the refusal of a role that may no longer resolve, naming the roles that can', async () => {
    const { user } = await openResolution('Dismiss…');
    onApi(
      'post',
      '/admin/risk/events/:id/resolve',
      { request: resolveRiskEventSchema, response: riskResolutionResultSchema },
      () => refusal(403, 'FORBIDDEN', roleRefusal('risk.resolve')),
    );
    const dialog = screen.getByRole('dialog', { name: 'Dismiss this risk event?' });
    await user.type(within(dialog).getByLabelText('Note (required)'), 'Two siblings');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss the event' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Your role does not allow this. Owner or Finance can.',
    );
  });
});

/** Maya was paid to the address first; a newcomer withdrew there after: she is its earlier holder. */
const sharedWallet = (() => {
  const event = aRiskEvent({ _id: 'event-3', rule: 'SHARED_WITHDRAWAL_WALLET' });
  const [maya, newcomer] = event.members as [RiskEvent['members'][number], RiskEvent['members'][number]];
  const address = '0x00000000000000000000000000000000000000aa';
  return {
    ...event,
    members: [{ ...maya, firstName: 'Maya', earlierHolder: true }, newcomer],
    evidence: {
      rule: 'SHARED_WITHDRAWAL_WALLET' as const,
      address,
      withdrawals: [maya, newcomer].map((member, index) => ({
        memberId: member._id,
        withdrawalId: `withdrawal-${index}`,
        amount: 1,
        walletAddress: address,
        requestedAt: `2026-03-0${index + 2}T10:00:00.000Z`,
      })),
    },
  };
})();

describe('what each role is offered on a cluster', () => {
  it.each(['SUPPORT', 'ANALYST'] as const)(
    'offers a %s administrator no resolution and says who resolves',
    async (role) => {
      const { user } = renderQueue([sharedWallet], '/admin/risk', anAdministrator({}, role));
      await user.click(await screen.findByRole('button', { name: /Open the shared withdrawal wallet cluster/ }));
      const cluster = screen.getByRole('region', { name: 'Cluster: Shared withdrawal wallet' });
      expect(within(cluster).queryByRole('button', { name: 'Dismiss…' })).toBeNull();
      expect(within(cluster).queryByRole('button', { name: 'Confirm…' })).toBeNull();
      expect(within(cluster).queryByRole('button', { name: 'Extend the hold…' })).toBeNull();
      expect(within(cluster).getByText('Owner or Finance administrators resolve risk events.')).toBeTruthy();
      expect(within(cluster).getByText('Earlier holder')).toBeTruthy();
    },
  );

  it('moves focus to the heading of the cluster it opens', async () => {
    const { user } = renderQueue([sharedWallet]);
    await user.click(await screen.findByRole('button', { name: /Open the shared withdrawal wallet cluster/ }));
    expect(document.activeElement?.textContent).toContain('Cluster: Shared withdrawal wallet');
  });

  it('lets an owner extend the hold to the earlier holder with a note', async () => {
    const { user } = renderQueue([sharedWallet]);
    const sent: unknown[] = [];
    onApi(
      'post',
      '/admin/risk/events/:id/members/:memberId/hold',
      { request: extendRiskHoldSchema, response: riskEventSchema },
      ({ body, params }) => {
        sent.push({ id: params.id, memberId: params.memberId, ...body });
        return sharedWallet;
      },
    );
    await user.click(await screen.findByRole('button', { name: /Open the shared withdrawal wallet cluster/ }));
    const cluster = screen.getByRole('region', { name: 'Cluster: Shared withdrawal wallet' });
    expect(within(cluster).getByText(/earlier holders excepted/)).toBeTruthy();
    await user.click(within(cluster).getByRole('button', { name: 'Extend the hold…' }));
    const dialog = screen.getByRole('dialog', { name: 'Hold Maya Lee too?' });
    await user.type(within(dialog).getByLabelText('Note (required)'), 'Same person');
    await user.click(within(dialog).getByRole('button', { name: 'Extend the hold' }));
    await expect.poll(() => sent).toEqual([{ id: 'event-3', memberId: 'member-1', note: 'Same person' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
