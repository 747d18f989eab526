import { adminTotpTexts, authenticatorCodeError, secondFactorCodeError } from '@uplink/contract/admin-totp';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { AuthCard } from '../../../components/layouts/auth-card';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { useLoginWithTotp } from '../api/login-totp';
import { totpSignInFailure } from '../auth-errors';
import { FormAlert } from './form-alert';

type CodeKind = 'authenticator' | 'recovery';

const fields: Record<CodeKind, { label: string; subtitle: string; switchTo: string; placeholder: string }> = {
  authenticator: {
    label: adminTotpTexts.codeLabel,
    subtitle: adminTotpTexts.enterCode,
    switchTo: 'Use a recovery code',
    placeholder: '123456',
  },
  recovery: {
    label: adminTotpTexts.recoveryCodeLabel,
    subtitle: adminTotpTexts.enterRecoveryCode,
    switchTo: 'Use your authenticator app',
    placeholder: 'xxxxx-xxxxx',
  },
};

/** What is wrong with the typed code before it is sent; null when it may go. */
function codeProblem(kind: CodeKind, code: string): string | null {
  if (kind === 'authenticator') return authenticatorCodeError(code);
  return code.trim() === '' ? adminTotpTexts.enterRecoveryCode : secondFactorCodeError(code);
}

/**
 * The second step of an administrator's sign-in, after the right password: the authenticator's
 * 6 digits, or a recovery code. An expired challenge goes back to the password with the reason.
 */
export function TotpSignInStep({
  challengeToken,
  onSignedIn,
  onRestart,
}: {
  challengeToken: string;
  onSignedIn: (token: string) => Promise<void>;
  /** Back to the password step, saying why (null: the user chose to). */
  onRestart: (notice: string | null) => void;
}) {
  const login = useLoginWithTotp();
  const [kind, setKind] = useState<CodeKind>('authenticator');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = codeProblem(kind, code);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const result = await login.mutateAsync({ challengeToken, code });
      await onSignedIn(result.data.token);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'UNAUTHORIZED') {
        onRestart(errorText(failure, totpSignInFailure));
      } else {
        setError(errorText(failure, totpSignInFailure));
      }
    } finally {
      setSubmitting(false);
    }
  }

  const field = fields[kind];
  return (
    <AuthCard
      title={adminTotpTexts.title}
      subtitle={field.subtitle}
      footer={
        <button
          type="button"
          onClick={() => onRestart(null)}
          className="font-semibold text-brand-700 hover:text-brand-800"
        >
          Back to Sign In
        </button>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-label={adminTotpTexts.title}>
        <FormAlert message={error} />
        <div className="space-y-5">
          <TextField
            ref={input}
            label={field.label}
            name="code"
            autoComplete="one-time-code"
            inputMode={kind === 'authenticator' ? 'numeric' : 'text'}
            autoCapitalize="off"
            spellCheck={false}
            placeholder={field.placeholder}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" busy={submitting}>
            Verify
          </Button>
          {/* A line of its own under Verify: the two never read as one ("Use a recovery codeVerify"). */}
          <p className="border-slate-100 border-t pt-4 text-center text-sm">
            <button
              type="button"
              onClick={() => {
                setKind(kind === 'authenticator' ? 'recovery' : 'authenticator');
                setCode('');
                setError(null);
                input.current?.focus();
              }}
              className="font-medium text-brand-700 hover:text-brand-800"
            >
              {field.switchTo}
            </button>
          </p>
        </div>
      </form>
    </AuthCard>
  );
}
