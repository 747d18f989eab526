import {
  type RegistrationErrors,
  type RegistrationForm,
  registrationErrors,
} from '@uplink/contract/registration-rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { EmailField, PasswordField, TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { useNavigate } from '../../../lib/router/router';
import { invitationStorage, pendingUserStorage, referralCodeStorage } from '../../../lib/storage';
import { useRegister } from '../api/register';
import { registerFailure } from '../auth-errors';
import { authTexts } from '../auth-texts';
import { AuthForm } from './auth-form';

const emptyForm: RegistrationForm = {
  firstName: '',
  lastName: '',
  email: '',
  referralCode: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

/** Server field names (`data.errors[].field`) as the form calls them. */
const formFieldOfServerField: Record<string, keyof RegistrationForm> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  password: 'password',
  referredByCode: 'referralCode',
};

function serverFieldErrors(error: unknown): RegistrationErrors {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return {};
  const errors: RegistrationErrors = {};
  for (const { field, message } of error.fieldErrors) {
    const formField = formFieldOfServerField[field];
    if (formField && !errors[formField]) errors[formField] = message;
  }
  return errors;
}

export function RegisterPanel() {
  const navigate = useNavigate();
  const register = useRegister();
  // A code saved by an invitation link prefills the field: the tab's (read once, then cleared
  // below, as the spec says) or the invitation this browser keeps until the visitor registers.
  const [invitation] = useState(() => invitationStorage.get());
  const [codeFromLink] = useState(() => referralCodeStorage.get() ?? invitation?.code ?? null);
  const [form, setForm] = useState<RegistrationForm>(() => ({ ...emptyForm, referralCode: codeFromLink ?? '' }));
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    referralCodeStorage.clear();
  }, []);

  function update<K extends keyof RegistrationForm>(field: K, value: RegistrationForm[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const clientErrors = registrationErrors(form);
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) {
      // Take the user to the first field that needs attention once the messages are rendered.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }

    const identity = { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim() };
    try {
      const result = await register.mutateAsync({
        ...identity,
        password: form.password,
        referredByCode: form.referralCode.trim(),
        throughLink: codeFromLink !== null && form.referralCode.trim().toUpperCase() === codeFromLink.toUpperCase(),
      });
      invitationStorage.clear();
      if (result.requiresVerification) {
        pendingUserStorage.set(result.data);
        navigate('/verify-email');
      } else {
        navigate('/dashboard');
      }
    } catch (failure) {
      setErrors(serverFieldErrors(failure));
      setServerError(errorText(failure, registerFailure));
    }
  }

  const field = (name: Exclude<keyof RegistrationForm, 'acceptTerms'>) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => update(name, event.target.value),
  });

  return (
    <AuthForm
      title="Create your account"
      subtitle="Join with the referral code of the member who invited you."
      wayOut={{ prompt: 'Already have an account?', to: '/signin', label: 'Sign in' }}
      error={serverError}
      onSubmit={handleSubmit}
      noValidate
      formRef={formRef}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <EmailField placeholder="you@example.com" {...field('email')} />
      <TextField
        label="Referral code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="Code from your invitation"
        hint={
          codeFromLink && form.referralCode === codeFromLink ? (
            <span className="font-medium text-emerald-700">
              {authTexts.referralCodeApplied}
              {invitation && invitation.code.toUpperCase() === codeFromLink.toUpperCase()
                ? ` ${invitation.inviterFirstName} invited you.`
                : ''}
            </span>
          ) : (
            'Uplink is invite-only: enter the code of the member who invited you.'
          )
        }
        {...field('referralCode')}
      />
      <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirmPassword')} />
      <Checkbox
        name="acceptTerms"
        checked={form.acceptTerms}
        onChange={(event) => update('acceptTerms', event.target.checked)}
        error={errors.acceptTerms}
        label="I agree to the Terms of Service and the Privacy Policy"
      />
      <Button type="submit" size="lg" className="w-full" busy={register.isPending}>
        Create Account
      </Button>
    </AuthForm>
  );
}
