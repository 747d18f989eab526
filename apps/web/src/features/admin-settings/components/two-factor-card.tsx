import {
  adminTotpTexts,
  authenticatorCodeError,
  secondFactorCodeError,
  type TotpEnrolment,
} from '@uplink/contract/admin-totp';
import { formatCount, formatDate } from '@uplink/contract/format';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';
import { ShieldIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/error-text';
import { useConfirmTotpEnrolment, useRemoveTotp, useStartTotpEnrolment, useTotpStatus } from '../api/admin-totp';
import { RecoveryCodesPanel } from './recovery-codes-panel';

/** What the card shows besides the status: a set-up waiting for its code, the new recovery codes, or turning off. */
type Stage =
  | { kind: 'status' }
  | { kind: 'enrolling'; enrolment: TotpEnrolment }
  | { kind: 'recovery-codes'; codes: string[]; createdAt: Date }
  | { kind: 'removing' };

/**
 * The administrator's second factor on /admin/settings: its status; Enable shows the QR code the
 * server drew and the secret to type in, then asks for the first code and shows the recovery
 * codes once; Disable asks for a code or a recovery code.
 */
export function TwoFactorCard({ account }: { account: string }) {
  const status = useTotpStatus();
  const start = useStartTotpEnrolment();
  const [stage, setStage] = useState<Stage>({ kind: 'status' });
  const [notice, setNotice] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);

  const enable = async () => {
    setNotice(null);
    setStartError(null);
    try {
      setStage({ kind: 'enrolling', enrolment: await start.mutateAsync() });
    } catch (failure) {
      setStartError(errorText(failure));
    }
  };

  const enabled = status.data?.enabled ?? false;
  return (
    <Card className="lg:col-span-2">
      <CardHeader
        title={adminTotpTexts.title}
        subtitle="A code from an authenticator app at every sign-in, on top of your password"
        actions={
          status.data ? (
            <Badge tone={enabled ? 'green' : 'grey'} dot>
              {enabled ? 'On' : 'Off'}
            </Badge>
          ) : null
        }
      />
      <CardBody className="space-y-4">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {stage.kind === 'enrolling' ? (
          <EnrolmentForm
            enrolment={stage.enrolment}
            onCancel={() => setStage({ kind: 'status' })}
            onEnabled={(codes) => setStage({ kind: 'recovery-codes', codes, createdAt: new Date() })}
          />
        ) : stage.kind === 'recovery-codes' ? (
          <RecoveryCodesPanel
            codes={stage.codes}
            account={account}
            createdAt={stage.createdAt}
            onDone={() => setStage({ kind: 'status' })}
          />
        ) : stage.kind === 'removing' ? (
          <RemovalForm
            onCancel={() => setStage({ kind: 'status' })}
            onRemoved={(message) => {
              setStage({ kind: 'status' });
              setNotice(message || adminTotpTexts.disabled);
            }}
          />
        ) : status.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner />
          </div>
        ) : status.isError ? (
          <Alert tone="error">{errorText(status.error)}</Alert>
        ) : (
          <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm">
                <ShieldIcon />
              </span>
              {status.data.enabled ? (
                <div>
                  <p className="font-semibold text-slate-900">On since {formatDate(status.data.enrolledAt)}</p>
                  <p className="text-slate-600 text-sm">
                    {formatCount(status.data.recoveryCodesLeft, ['recovery code', 'recovery codes'])} left.
                  </p>
                </div>
              ) : (
                <div>
                  <p className="font-semibold text-slate-900">Off</p>
                  <p className="text-slate-600 text-sm">
                    Protect your administrator sign-in with a code from an authenticator app.
                  </p>
                </div>
              )}
            </div>
            {status.data.enabled ? (
              <Button
                variant="secondary"
                className="shrink-0"
                onClick={() => {
                  setNotice(null);
                  setStage({ kind: 'removing' });
                }}
              >
                Disable
              </Button>
            ) : (
              <Button className="shrink-0" busy={start.isPending} onClick={enable}>
                Enable
              </Button>
            )}
          </div>
        )}
        {startError ? <Alert tone="error">{startError}</Alert> : null}
      </CardBody>
    </Card>
  );
}

/** Step two of Enable: scan or type the secret, then the first code turns the factor on. */
function EnrolmentForm({
  enrolment,
  onCancel,
  onEnabled,
}: {
  enrolment: TotpEnrolment;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const confirm = useConfirmTotpEnrolment();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = authenticatorCodeError(code);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      onEnabled(await confirm.mutateAsync({ code }));
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
      <img
        src={enrolment.qrCode}
        width={192}
        height={192}
        alt="QR code to scan with your authenticator app"
        className="h-48 w-48 rounded-xl border border-slate-200 bg-white p-2"
      />
      <div className="space-y-4">
        <p className="text-slate-700 text-sm">{adminTotpTexts.enrolmentStarted}</p>
        <div>
          <p className="mb-1.5 font-medium text-slate-700 text-sm">Or enter this secret by hand</p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-slate-900 text-sm">
              {enrolment.secret}
            </code>
            <CopyButton value={enrolment.secret} iconOnly ariaLabel="Copy secret" />
          </div>
        </div>
        <form onSubmit={submit} noValidate aria-label="Confirm two-factor authentication" className="space-y-4">
          <TextField
            label={adminTotpTexts.codeLabel}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            error={error}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            placeholder="123456"
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
              Cancel
            </Button>
            <Button type="submit" busy={confirm.isPending}>
              Turn on
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** Disable: a current code or a recovery code turns the factor off. */
function RemovalForm({ onCancel, onRemoved }: { onCancel: () => void; onRemoved: (message: string) => void }) {
  const remove = useRemoveTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = secondFactorCodeError(code);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      onRemoved(await remove.mutateAsync({ code }));
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Turn off two-factor authentication" className="space-y-4">
      <TextField
        label="Authentication code or recovery code"
        name="code"
        autoComplete="one-time-code"
        value={code}
        error={error}
        hint="The code your authenticator app shows now, or one of your unused recovery codes."
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" busy={remove.isPending}>
          Turn off
        </Button>
      </div>
    </form>
  );
}
