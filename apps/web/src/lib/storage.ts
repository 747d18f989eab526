import type { PendingUser } from '@uplink/contract/accounts';
import { storageKeys } from '@uplink/contract/constants';

/** Every key the app keeps in the browser, read and written only through here. */
export const tokenStorage = {
  get: () => localStorage.getItem(storageKeys.token),
  set: (token: string) => localStorage.setItem(storageKeys.token, token),
  clear: () => localStorage.removeItem(storageKeys.token),
};

export const pendingUserStorage = {
  get(): PendingUser | null {
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(storageKeys.pendingUser) ?? 'null');
      return isPendingUser(stored) ? stored : null;
    } catch {
      return null;
    }
  },
  set: (user: PendingUser) => localStorage.setItem(storageKeys.pendingUser, JSON.stringify(user)),
  clear: () => localStorage.removeItem(storageKeys.pendingUser),
};

function isPendingUser(value: unknown): value is PendingUser {
  return typeof value === 'object' && value !== null && typeof (value as PendingUser).email === 'string';
}

export const referralCodeStorage = {
  set: (code: string) => sessionStorage.setItem(storageKeys.referralCode, code),
  /** The code saved from a referral link, taken once: it is removed as it is read. */
  take(): string | null {
    const code = sessionStorage.getItem(storageKeys.referralCode);
    sessionStorage.removeItem(storageKeys.referralCode);
    return code;
  },
};

export const adminSettingsStorage = {
  get: () => localStorage.getItem(storageKeys.adminSettings),
  set: (value: string) => localStorage.setItem(storageKeys.adminSettings, value),
  clear: () => localStorage.removeItem(storageKeys.adminSettings),
};
