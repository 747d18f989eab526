import { accountMessages } from '@uplink/contract/account-messages';
import { passwordSuccessBannerMs } from '@uplink/contract/constants';
import { changePasswordError } from '@uplink/contract/password-rules';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { KeyIcon } from '../../../components/icons';
import { PasswordField } from '../../../components/text-field';
import { errorText } from '../../../lib/error-text';
import { changePasswordFailure, useChangePassword } from '../api/change-password';

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Field = keyof typeof emptyForm;

const fields: { name: Field; label: string; autoComplete: string; hint?: string }[] = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  {
    name: 'newPassword',
    label: 'New Password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters with an uppercase letter, a lowercase letter, a number and one of @$!%*?&.',
  },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

const labels = {
  member: { submit: 'Update Password', busy: 'Updating...' },
  admin: { submit: 'Save Changes', busy: 'Changing...' },
} as const;

/**
 * The Change Password form of /profile and /admin/settings. It opens on 'Change Password' and
 * closes (and resets) on Cancel or success; the client rules run in a fixed order before the
 * call, typing clears the error, and success is confirmed for 3 seconds.
 */
export function ChangePasswordForm({ variant = 'member' }: { variant?: keyof typeof labels }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const mutation = useChangePassword();

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(null), passwordSuccessBannerMs);
    return () => window.clearTimeout(timer);
  }, [success]);

  const close = () => {
    setOpen(false);
    setForm(emptyForm);
    setError(null);
  };

  const update = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ruleError = changePasswordError(form);
    if (ruleError) {
      setError(ruleError);
      return;
    }
    try {
      const message = await mutation.mutateAsync(form);
      close();
      setSuccess(message || accountMessages.passwordChanged);
    } catch (failure) {
      setError(errorText(failure, changePasswordFailure));
    }
  };

  const busy = mutation.isPending;
  return (
    <div>
      {success ? (
        <div className="mb-4">
          <Alert tone="success">{success}</Alert>
        </div>
      ) : null}
      {open ? (
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Change password">
          {error ? <Alert tone="error">{error}</Alert> : null}
          {fields.map((field) => (
            <PasswordField
              key={field.name}
              label={field.label}
              autoComplete={field.autoComplete}
              required
              hint={field.hint}
              value={form[field.name]}
              onChange={(event) => update(field.name)(event.target.value)}
            />
          ))}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              {busy ? labels[variant].busy : labels[variant].submit}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm">
              <KeyIcon />
            </span>
            <div>
              <p className="font-semibold text-slate-900">Password</p>
              <p className="text-slate-600 text-sm">Use a strong password you do not use anywhere else.</p>
            </div>
          </div>
          <Button variant="secondary" className="shrink-0" onClick={() => setOpen(true)}>
            Change Password
          </Button>
        </div>
      )}
    </div>
  );
}
