import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../../lib/router/router';
import { aMemberDetail } from '../../../testing/sample-data';
import { MemberOverview } from './member-overview';

const renderOverview = (member: ReturnType<typeof aMemberDetail>) =>
  render(
    <MemoryRouter>
      <MemberOverview member={member} />
    </MemoryRouter>,
  );

describe('the overview of a user an administrator opens', () => {
  it('shows a member’s referral code', () => {
    renderOverview(aMemberDetail({ referralCode: 'ANNCODE1' }));
    expect(screen.getByText('Referral code')).toBeTruthy();
    expect(screen.getByText('ANNCODE1')).toBeTruthy();
  });

  it('has no referral code row for an administrator without one', () => {
    renderOverview(aMemberDetail({ isAdmin: true, referralCode: null }));
    expect(screen.queryByText('Referral code')).toBeNull();
  });
});
