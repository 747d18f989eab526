import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { aMemberDetail } from '../../../testing/sample-data';
import { MemberRiskEvents } from './member-risk-events';

describe("a member's risk events", () => {
  it('lists every event naming the member, each opening its cluster, and says when their withdrawals are held', () => {
    renderScreen(
      <MemberRiskEvents
        member={aMemberDetail({
          risk: { severity: 'HIGH', held: true, openEvents: 1, rules: ['EMAIL_ALIAS'] },
          riskEvents: [
            {
              _id: 'event-2',
              rule: 'EMAIL_ALIAS',
              severity: 'HIGH',
              status: 'OPEN',
              createdAt: '2026-03-03T10:00:00.000Z',
              resolvedAt: null,
            },
            {
              _id: 'event-1',
              rule: 'REGISTRATION_BURST',
              severity: 'MEDIUM',
              status: 'DISMISSED',
              createdAt: '2026-03-01T10:00:00.000Z',
              resolvedAt: '2026-03-02T10:00:00.000Z',
            },
          ],
        })}
      />,
    );
    expect(screen.getByText(/An open high-severity event holds this member’s withdrawals/)).toBeTruthy();
    const links = screen.getAllByRole('link', { name: /^Open the .* cluster$/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/risk?status=OPEN&rule=EMAIL_ALIAS&event=event-2',
      '/admin/risk?status=DISMISSED&rule=REGISTRATION_BURST&event=event-1',
    ]);
  });

  it('shows nothing for a member no event ever named', () => {
    renderScreen(<MemberRiskEvents member={aMemberDetail()} />);
    expect(screen.queryByText('Risk events')).toBeNull();
  });
});
