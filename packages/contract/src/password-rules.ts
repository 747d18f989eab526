import { passwordMinLength, passwordSpecialCharacters } from './constants';
import { hasUnsafeCharacters, unsafeTextMessage } from './unsafe-text';

/** One requirement of a strong password, as listed live on the reset screen. */
export interface PasswordRequirement {
  id: 'length' | 'lowercase' | 'uppercase' | 'number' | 'special';
  label: string;
  message: string;
  test: (password: string) => boolean;
}

const special = new RegExp(`[${passwordSpecialCharacters.replace(/[$*?]/g, '\\$&')}]`);

export const passwordRequirements: readonly PasswordRequirement[] = [
  {
    id: 'length',
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters long',
    test: (password) => password.length >= passwordMinLength,
  },
  {
    id: 'lowercase',
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (password) => /[a-z]/.test(password),
  },
  {
    id: 'uppercase',
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (password) => /[A-Z]/.test(password),
  },
  {
    id: 'number',
    label: 'One number',
    message: 'Password must contain at least one number',
    test: (password) => /\d/.test(password),
  },
  {
    id: 'special',
    label: `One special character (${passwordSpecialCharacters})`,
    message: `Password must contain at least one special character (${passwordSpecialCharacters})`,
    test: (password) => special.test(password),
  },
];

/**
 * The messages of every unmet requirement, in the spec's order (reset password).
 * @rule PASSWORD_STRENGTH
 */
export function unmetPasswordRequirements(password: string): string[] {
  return passwordRequirements.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/** Strong password for change-password: only letters, digits and the allowed specials. */
export const strongPasswordPattern = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*${special.source})[A-Za-z\\d${passwordSpecialCharacters.replace(/[$*?]/g, '\\$&')}]+$`,
);

export const resetPasswordMessages = {
  mismatch: 'Password confirmation does not match new password.',
  summary: 'Please fix the password requirements listed below.',
} as const;

export const changePasswordMessages = {
  empty: 'Please fill in all password fields',
  mismatch: 'New passwords do not match',
  tooShort: 'New password must be at least 8 characters long',
  weak: 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
} as const;

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first failing change-password rule, checked in the spec's order, or null. */
export function changePasswordError(input: ChangePasswordInput): string | null {
  if (!input.currentPassword || !input.newPassword || !input.confirmPassword) return changePasswordMessages.empty;
  if (hasUnsafeCharacters(input.currentPassword)) return unsafeTextMessage('Current password');
  if (hasUnsafeCharacters(input.newPassword)) return unsafeTextMessage('New password');
  if (hasUnsafeCharacters(input.confirmPassword)) return unsafeTextMessage('Password confirmation');
  if (input.newPassword !== input.confirmPassword) return changePasswordMessages.mismatch;
  if (input.newPassword.length < passwordMinLength) return changePasswordMessages.tooShort;
  if (!strongPasswordPattern.test(input.newPassword)) return changePasswordMessages.weak;
  return null;
}
