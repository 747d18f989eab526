import { resetPasswordMessages, unmetPasswordRequirements } from '@uplink/contract/password-rules';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { CheckCircleIcon } from '../../../components/icons';
import { AuthCard } from '../../../components/layouts/auth-card';
import { PasswordField } from '../../../components/text-field';
import { AuthForm, type AuthWayOut } from './auth-form';
import { PasswordRequirementsList } from './password-requirements-list';
import { ResultView } from './result-view';

type PasswordInput = 'password' | 'confirmPassword';

/**
 * A password chosen twice under the reset screen's rules (reset password, an administrator's
 * invitation): each rule ticked live, unmet rules summed up once the field was left, a mismatch
 * pointed out once the confirmation is complete. `onSubmit` runs only for a password that meets
 * every rule and matches; `error` is what the last try's refusal says.
 */
export function NewPasswordForm({
  title,
  subtitle,
  wayOut,
  labels,
  submitLabel,
  busy,
  error,
  onSubmit,
  children,
}: {
  title: string;
  subtitle: string;
  wayOut: AuthWayOut;
  labels: { password: string; confirmPassword: string };
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (passwords: { password: string; confirmPassword: string }) => void;
  /** What the form says before its fields (whose account the password is for). */
  children?: ReactNode;
}) {
  const [form, setForm] = useState<Record<PasswordInput, string>>({ password: '', confirmPassword: '' });
  // A field is touched once it loses focus: its problems are pointed out from then on.
  const [touched, setTouched] = useState<Record<PasswordInput, boolean>>({ password: false, confirmPassword: false });
  const [submitted, setSubmitted] = useState(false);
  const { password, confirmPassword } = form;

  const requirementsMet = unmetPasswordRequirements(password).length === 0;
  // A mismatch is pointed out once the confirmation is complete, not on every keystroke.
  const confirmComplete = touched.confirmPassword || submitted || confirmPassword.length >= password.length;
  const mismatch = confirmPassword !== '' && confirmPassword !== password && confirmComplete;
  const showSummary = !requirementsMet && (touched.password || submitted) && password !== '';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    // Unmet rules and a mismatch are already shown beside the fields.
    if (!requirementsMet || password !== confirmPassword) return;
    onSubmit({ password, confirmPassword });
  }

  const field = (name: PasswordInput) => ({
    name,
    autoComplete: 'new-password',
    value: form[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
  });

  return (
    <AuthForm
      title={title}
      subtitle={subtitle}
      wayOut={wayOut}
      error={error}
      warning={showSummary ? resetPasswordMessages.summary : null}
      onSubmit={handleSubmit}
      noValidate
    >
      {children}
      <PasswordField label={labels.password} {...field('password')} />
      <PasswordRequirementsList password={password} />
      <PasswordField
        label={labels.confirmPassword}
        {...field('confirmPassword')}
        error={mismatch ? resetPasswordMessages.mismatch : null}
      />
      <Button type="submit" size="lg" className="w-full" disabled={!requirementsMet || !confirmPassword} busy={busy}>
        {submitLabel}
      </Button>
    </AuthForm>
  );
}

/** What follows a new password once the server took it: the good news and the way to sign in with it. */
export function NewPasswordSet({ title, message }: { title: string; message: ReactNode }) {
  return (
    <AuthCard title={title}>
      <ResultView icon={CheckCircleIcon} tone="success" message={message}>
        <ButtonLink to="/signin" replace size="lg" className="w-full">
          Continue to Sign In
        </ButtonLink>
      </ResultView>
    </AuthCard>
  );
}
