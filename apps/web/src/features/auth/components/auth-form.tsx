import type { FormEvent, ReactNode, Ref } from 'react';
import { AuthCard } from '../../../components/layouts/auth-card';
import { Link } from '../../../lib/router/router';
import { FormAlert } from './form-alert';

/** The neighbouring screen an auth form offers under its card, e.g. "Remembered it? Back to Sign In". */
export interface AuthWayOut {
  prompt: string;
  to: string;
  label: string;
}

/** The way back from the password screens. */
export const backToSignIn: AuthWayOut = { prompt: 'Remembered it?', to: '/signin', label: 'Back to Sign In' };

/**
 * An auth screen built on a form (sign-in, register, forgot and reset password): the card and its
 * title, the message for the whole form above the fields (an error, a warning, or good news), the fields,
 * and the way to the neighbouring screen.
 */
export function AuthForm({
  title,
  subtitle,
  wayOut,
  error,
  warning = null,
  notice = null,
  onSubmit,
  noValidate,
  formRef,
  children,
}: {
  title: string;
  subtitle: string;
  wayOut: AuthWayOut;
  error: string | null;
  warning?: string | null;
  /** Good news for the form as a whole (the address just verified). */
  notice?: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form checks its fields itself instead of the browser's required-field bubbles. */
  noValidate?: boolean;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        <>
          {wayOut.prompt}{' '}
          <Link to={wayOut.to} className="font-semibold text-brand-700 hover:text-brand-800">
            {wayOut.label}
          </Link>
        </>
      }
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate={noValidate}>
        <FormAlert tone="success" message={error ? null : notice} />
        <FormAlert message={error} />
        <FormAlert tone="warning" message={warning} />
        <div className="space-y-5">{children}</div>
      </form>
    </AuthCard>
  );
}
