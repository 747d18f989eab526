import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, homePathFor } from './auth';

const member = { isAdmin: false };
const admin = { isAdmin: true };

describe('destinationAfterSignIn', () => {
  it('sends each role home when no page was remembered', () => {
    expect(destinationAfterSignIn(member, undefined)).toBe('/dashboard');
    expect(destinationAfterSignIn(admin, null)).toBe('/admin/dashboard');
    expect(homePathFor(admin)).toBe('/admin/dashboard');
  });

  it('returns a member to the member page the guard remembered, query and hash included', () => {
    expect(destinationAfterSignIn(member, { pathname: '/rewards', search: '?page=2', hash: '#history' })).toBe(
      '/rewards?page=2#history',
    );
  });

  it('returns an admin to the admin page the guard remembered', () => {
    expect(destinationAfterSignIn(admin, { pathname: '/admin/users/42', search: '' })).toBe('/admin/users/42');
  });

  it('ignores a remembered page the role may not open', () => {
    expect(destinationAfterSignIn(member, { pathname: '/admin/users' })).toBe('/dashboard');
    expect(destinationAfterSignIn(admin, { pathname: '/referrals' })).toBe('/admin/dashboard');
    expect(destinationAfterSignIn(member, { pathname: '/administrator' })).toBe('/administrator');
  });

  it('refuses other hosts and malformed origins', () => {
    expect(destinationAfterSignIn(member, { pathname: '//evil.example/phish' })).toBe('/dashboard');
    expect(destinationAfterSignIn(member, { pathname: 'https://evil.example' })).toBe('/dashboard');
    expect(destinationAfterSignIn(member, { pathname: 42 })).toBe('/dashboard');
    expect(destinationAfterSignIn(member, '/rewards')).toBe('/dashboard');
    expect(destinationAfterSignIn(member, { pathname: '/signin' })).toBe('/dashboard');
  });
});
