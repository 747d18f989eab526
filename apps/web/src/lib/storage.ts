import type { PendingUser } from '@uplink/contract/accounts';
import { storageKeys } from '@uplink/contract/constants';

/** Every key the app keeps in the browser, read and written only through here. */
export const tokenStorage = {
  get: () => localStorage.getItem(storageKeys.token) ?? sessionStorage.getItem(storageKeys.token),
  /**
   * "Remember me" keeps the session token in local storage (it outlives the browser); without it
   * the token lives in session storage and ends with the tab.
   */
  set(token: string, { remember }: { remember: boolean } = { remember: true }) {
    tokenStorage.clear();
    (remember ? localStorage : sessionStorage).setItem(storageKeys.token, token);
  },
  clear() {
    localStorage.removeItem(storageKeys.token);
    sessionStorage.removeItem(storageKeys.token);
  },
  /** A renewed token of the same session (after a password change) goes where the old one was. */
  replace(token: string) {
    tokenStorage.set(token, { remember: localStorage.getItem(storageKeys.token) !== null });
  },
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

/**
 * The code saved from a referral link. Register reads it once and then clears it (two calls, so a
 * StrictMode double render cannot read it away from the render that is kept).
 */
export const referralCodeStorage = {
  set: (code: string) => sessionStorage.setItem(storageKeys.referralCode, code),
  get: () => sessionStorage.getItem(storageKeys.referralCode),
  clear: () => sessionStorage.removeItem(storageKeys.referralCode),
};

export interface StoredInvitation {
  code: string;
  inviterFirstName: string;
}

/**
 * The invitation of the last `/ref/` link this browser opened, in local storage: it outlives a
 * tab closed and the visitor coming back later, until they register (no cookie, nothing sent to
 * the server but with the registration).
 */
export const invitationStorage = {
  get(): StoredInvitation | null {
    try {
      const stored = JSON.parse(localStorage.getItem(storageKeys.invitation) ?? 'null') as Partial<StoredInvitation>;
      return typeof stored?.code === 'string' && typeof stored.inviterFirstName === 'string'
        ? { code: stored.code, inviterFirstName: stored.inviterFirstName }
        : null;
    } catch {
      return null;
    }
  },
  set: (invitation: StoredInvitation) => localStorage.setItem(storageKeys.invitation, JSON.stringify(invitation)),
  clear: () => localStorage.removeItem(storageKeys.invitation),
};

export const adminSettingsStorage = {
  get: () => localStorage.getItem(storageKeys.adminSettings),
  set: (value: string) => localStorage.setItem(storageKeys.adminSettings, value),
  clear: () => localStorage.removeItem(storageKeys.adminSettings),
};
