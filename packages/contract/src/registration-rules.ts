import { passwordMinLength, referralCodeMinLength } from './constants';
import { hasUnsafeCharacters, unsafeTextMessage } from './unsafe-text';

export const registrationMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  confirmRequired: 'Please confirm your password',
  confirmMismatch: 'Passwords do not match',
  referralCodeRequired: 'Referral code is required',
  referralCodeTooShort: 'Referral code must be at least 6 characters',
  termsRequired: 'You must accept the terms and conditions',
} as const;

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RegistrationForm {
  firstName: string;
  lastName: string;
  email: string;
  referralCode: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationForm, string>>;

/** Client-side registration checks, each field's first failing message. */
export function registrationErrors(form: RegistrationForm): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!form.firstName.trim()) errors.firstName = registrationMessages.firstNameRequired;
  if (!form.lastName.trim()) errors.lastName = registrationMessages.lastNameRequired;
  if (!form.email.trim()) errors.email = registrationMessages.emailRequired;
  else if (!emailPattern.test(form.email.trim())) errors.email = registrationMessages.emailInvalid;
  if (!form.password) errors.password = registrationMessages.passwordRequired;
  else if (form.password.length < passwordMinLength) errors.password = registrationMessages.passwordTooShort;
  if (!form.confirmPassword) errors.confirmPassword = registrationMessages.confirmRequired;
  else if (form.password !== form.confirmPassword) errors.confirmPassword = registrationMessages.confirmMismatch;
  if (!form.referralCode.trim()) errors.referralCode = registrationMessages.referralCodeRequired;
  else if (form.referralCode.trim().length < referralCodeMinLength)
    errors.referralCode = registrationMessages.referralCodeTooShort;
  if (!form.acceptTerms) errors.acceptTerms = registrationMessages.termsRequired;
  // The server refuses these too (safeText); saying so here spares a round trip.
  for (const [field, label] of unsafeTextLabels) {
    if (!errors[field] && hasUnsafeCharacters(form[field])) errors[field] = unsafeTextMessage(label);
  }
  return errors;
}

const unsafeTextLabels = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'Email'],
  ['referralCode', 'Referral code'],
  ['password', 'Password'],
  ['confirmPassword', 'Password confirmation'],
] as const;
