import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '../testing/browser-storage';
import { pendingUserStorage, referralCodeStorage, tokenStorage } from './storage';

beforeEach(() => {
  stubBrowserStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tokenStorage', () => {
  it('keeps a remembered token under "token" in local storage', () => {
    tokenStorage.set('abc', { remember: true });
    expect(localStorage.getItem('token')).toBe('abc');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(tokenStorage.get()).toBe('abc');
  });

  it('keeps a token without "remember me" for the tab only, replacing a remembered one', () => {
    tokenStorage.set('old', { remember: true });
    tokenStorage.set('tab', { remember: false });
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('tab');
    expect(tokenStorage.get()).toBe('tab');
  });

  it('puts a renewed token where the session kept the old one', () => {
    tokenStorage.set('remembered', { remember: true });
    tokenStorage.replace('renewed');
    expect(localStorage.getItem('token')).toBe('renewed');
    tokenStorage.set('tab', { remember: false });
    tokenStorage.replace('renewed-tab');
    expect(sessionStorage.getItem('token')).toBe('renewed-tab');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('forgets the token wherever it was kept', () => {
    tokenStorage.set('tab', { remember: false });
    localStorage.setItem('token', 'stale');
    tokenStorage.clear();
    expect(tokenStorage.get()).toBeNull();
  });
});

describe('pendingUserStorage', () => {
  it('round-trips the pending user', () => {
    pendingUserStorage.set({ email: 'ana@example.com', firstName: 'Ana', lastName: 'Lima' });
    expect(pendingUserStorage.get()).toEqual({ email: 'ana@example.com', firstName: 'Ana', lastName: 'Lima' });
    pendingUserStorage.clear();
    expect(pendingUserStorage.get()).toBeNull();
  });

  it('ignores a tampered record', () => {
    localStorage.setItem('pendingUser', '{not json');
    expect(pendingUserStorage.get()).toBeNull();
    localStorage.setItem('pendingUser', JSON.stringify({ email: 42 }));
    expect(pendingUserStorage.get()).toBeNull();
  });
});

describe('referralCodeStorage', () => {
  it('keeps the code of a referral link in session storage until cleared', () => {
    referralCodeStorage.set('ABCD2345');
    expect(sessionStorage.getItem('referralCode')).toBe('ABCD2345');
    expect(referralCodeStorage.get()).toBe('ABCD2345');
    referralCodeStorage.clear();
    expect(referralCodeStorage.get()).toBeNull();
  });
});
