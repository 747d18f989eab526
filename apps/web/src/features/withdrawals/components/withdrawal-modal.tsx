import { bscNetworkName, otpLength } from '@uplink/contract/constants';
import { formatUsdt, shortenAddress } from '@uplink/contract/format';
import { type Withdrawal, withdrawalTexts } from '@uplink/contract/withdrawals';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-error';
import { errorText, serverMessage } from '../../../lib/error-text';
import { useCreateWithdrawal, useRequestWithdrawalCode, useVerifyWithdrawalCode } from '../api/withdrawal-requests';
import {
  addressHint,
  codeFormError,
  maxWithdrawalAmount,
  onlyCodeDigits,
  refusedField,
  type WithdrawalField,
  type WithdrawalProblem,
  withdrawalFormError,
} from '../utils/withdrawal-form';

type Step = 'details' | 'code' | 'done';

/**
 * The two-step withdrawal: amount and wallet address, then the 6-digit code e-mailed for it.
 * Continue requests the code; the second step verifies it and creates the withdrawal, after which
 * the form resets, the page's figures reload, the modal confirms the request and `onWithdrawn`
 * tells the page (which shows the withdrawal history with the new row).
 */
export function WithdrawalModal({
  open,
  onClose,
  onWithdrawn,
  balance,
}: {
  open: boolean;
  onClose: () => void;
  onWithdrawn?: (withdrawal: Withdrawal) => void;
  balance: number;
}) {
  const [step, setStep] = useState<Step>('details');
  const [amount, setAmount] = useState('');
  const [walletAddress, setWalletAddress] = useState('');
  const [otp, setOtp] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldProblem, setFieldProblem] = useState<{ field: WithdrawalField; text: string } | null>(null);
  /** A problem of the form shows under its field when it has one, above the buttons otherwise. */
  const showProblem = ({ field, text }: WithdrawalProblem) => {
    setProblem(field ? null : text);
    setFieldProblem(field ? { field, text } : null);
  };
  const [created, setCreated] = useState<Withdrawal | null>(null);
  const requestCode = useRequestWithdrawalCode();
  const verifyCode = useVerifyWithdrawalCode();
  const create = useCreateWithdrawal();
  const busy = requestCode.isPending || verifyCode.isPending || create.isPending;
  const hint = addressHint(walletAddress);
  const maximum = maxWithdrawalAmount(balance);

  const reset = () => {
    setStep('details');
    setAmount('');
    setWalletAddress('');
    setOtp('');
    setProblem(null);
    setFieldProblem(null);
    setCreated(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submitDetails = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = withdrawalFormError(amount, walletAddress, balance);
    if (invalid) return showProblem(invalid);
    setProblem(null);
    setFieldProblem(null);
    try {
      await requestCode.mutateAsync({ amount: amount.trim(), walletAddress: walletAddress.trim() });
      setStep('code');
    } catch (error) {
      const text = errorText(error, {
        refusal: serverMessage,
        exception: withdrawalTexts.requestOtpFailed,
        serverFault: withdrawalTexts.requestOtpFailed,
      });
      // A refusal about one field (the address in use, more than the balance) is shown under it.
      showProblem({ field: error instanceof ApiError ? refusedField(error.code, error.fieldErrors) : undefined, text });
    }
  };
  const fieldError = (field: WithdrawalField) => (fieldProblem?.field === field ? fieldProblem.text : null);
  /** An edit of a field ends what was said about it, and what was said about the form as a whole. */
  const edit = (field: WithdrawalField, value: string) => {
    (field === 'amount' ? setAmount : setWalletAddress)(value);
    if (fieldProblem?.field === field) setFieldProblem(null);
    setProblem(null);
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = codeFormError(otp);
    if (invalid) return setProblem(invalid);
    setProblem(null);
    try {
      await verifyCode.mutateAsync(otp);
    } catch (error) {
      return setProblem(
        errorText(error, {
          codes: { INVALID_OTP: serverMessage },
          refusal: withdrawalTexts.verifyOtpFailed,
          exception: withdrawalTexts.verifyOtpFailed,
        }),
      );
    }
    try {
      const withdrawal = await create.mutateAsync({
        amount: amount.trim(),
        walletAddress: walletAddress.trim(),
        asset: 'USDT',
        otp,
      });
      reset();
      setCreated(withdrawal);
      setStep('done');
      onWithdrawn?.(withdrawal);
    } catch (error) {
      setProblem(
        errorText(error, {
          refusal: serverMessage,
          exception: withdrawalTexts.submitFailed,
          serverFault: withdrawalTexts.submitFailed,
        }),
      );
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      dismissible={!busy}
      title={titles[step]}
      description={
        step === 'details'
          ? `USDT on ${bscNetworkName}. Available: ${formatUsdt(balance)}.`
          : step === 'code'
            ? 'We e-mailed you a 6-digit code. It is valid for 10 minutes.'
            : undefined
      }
    >
      {step === 'done' && created ? (
        <WithdrawalConfirmation withdrawal={created} onDone={close} />
      ) : step === 'details' ? (
        <form className="space-y-4" onSubmit={submitDetails} noValidate>
          <TextField
            label="Amount (USDT)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            max={balance}
            value={amount}
            onChange={(event) => edit('amount', event.target.value)}
            required
            error={fieldError('amount')}
            hint={maximum ? `Maximum: ${maximum} USDT` : undefined}
            trailing={
              maximum ? (
                <button
                  type="button"
                  onClick={() => edit('amount', maximum)}
                  className="rounded-md px-2 py-1 font-semibold text-brand-700 text-xs hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  Max
                </button>
              ) : undefined
            }
          />
          <TextField
            label="Wallet address (BEP20)"
            value={walletAddress}
            onChange={(event) => edit('walletAddress', event.target.value)}
            error={fieldError('walletAddress')}
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            required
            hint={
              hint ? (
                <span className={hint.valid ? 'text-emerald-700' : 'text-red-700'} aria-live="polite">
                  {hint.text}
                </span>
              ) : undefined
            }
          />
          {problem ? <Alert tone="error" title={problem} /> : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              busy={requestCode.isPending}
              disabled={busy || amount.trim() === '' || walletAddress.trim() === '' || hint?.valid === false}
            >
              Continue
            </Button>
          </div>
        </form>
      ) : (
        <form className="space-y-4" onSubmit={submitCode} noValidate>
          <p className="text-slate-700 text-sm">
            Withdrawing <strong>{formatUsdt(Number(amount))}</strong> to{' '}
            <span className="break-all font-mono">{walletAddress}</span>
          </p>
          <TextField
            label="One-time code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={otpLength}
            value={otp}
            onChange={(event) => setOtp(onlyCodeDigits(event.target.value))}
            className="max-w-48"
          />
          {problem ? <Alert tone="error" title={problem} /> : null}
          <div className="flex justify-between gap-2">
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setProblem(null);
                setOtp('');
                setStep('details');
              }}
            >
              Back
            </Button>
            <Button type="submit" busy={verifyCode.isPending || create.isPending} disabled={busy}>
              Confirm withdrawal
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

const titles: Record<Step, string> = {
  details: 'Request Withdrawal',
  code: 'Enter your code',
  done: 'Withdrawal requested',
};

/** What was just requested, and where the member finds it now. */
function WithdrawalConfirmation({ withdrawal, onDone }: { withdrawal: Withdrawal; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <Alert tone="success" title={`${formatUsdt(withdrawal.amount)} requested`}>
        To <span className="font-mono">{shortenAddress(withdrawal.walletAddress)}</span>. It is Pending until it is
        paid, and it is now the first row of your Withdrawal History.
      </Alert>
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
