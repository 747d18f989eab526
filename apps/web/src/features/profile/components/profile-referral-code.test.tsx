import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAdministrator } from '../../../testing/sample-data';
import { AdminProfileCard } from './admin-profile-card';
import { MemberProfileCard } from './member-profile-card';

/** Issue 43: only members and the network root hold a referral code; nobody else is offered one to share. */
describe('the referral code on a profile card', () => {
  it('shows the network root its code to copy', () => {
    render(<AdminProfileCard admin={anAdministrator({ referralCode: 'ROOTCODE' })} />);
    expect(screen.getByText('Network Root Code')).toBeTruthy();
    expect(screen.getByText('ROOTCODE')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy referral code' })).toBeTruthy();
  });

  it('shows an administrator without a code nothing to share', () => {
    render(<AdminProfileCard admin={anAdministrator({ referralCode: null }, 'SUPPORT')} />);
    expect(screen.queryByText('Network Root Code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy referral code' })).toBeNull();
  });

  it('shows a member their code to copy', () => {
    const member = anAdministrator({
      isAdmin: false,
      adminRole: undefined,
      permissions: undefined,
      referralCode: 'ANNCODE1',
    });
    render(<MemberProfileCard user={member} />);
    expect(screen.getByText('Referral Code')).toBeTruthy();
    expect(screen.getByText('ANNCODE1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy referral code' })).toBeTruthy();
  });
});
