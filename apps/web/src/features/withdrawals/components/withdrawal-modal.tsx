import { bscNetworkName, otpLength } from '@uplink/contract/constants';
import { formatMoney } from '@uplink/contract/format';
import { withdrawalTexts } from '@uplink/contract/withdrawals';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { errorText, serverMessage } from '../../../lib/error-text';
import { useCreateWithdrawal, useRequestWithdrawalCode, useVerifyWithdrawalCode } from '../api/withdrawal-requests';
import { addressHint, codeFormError, onlyCodeDigits, withdrawalFormError } from '../utils/withdrawal-form';

type Step = 'details' | 'code';

/**
 * The two-step withdrawal: amount and wallet address, then the 6-digit code e-mailed for it.
 * Continue requests the code; the second step verifies it and creates the withdrawal, after which
 * the form resets and the page's figures reload.
 */
export function WithdrawalModal({ open, onClose, balance }: { open: boolean; onClose: () => void; balance: number }) {
  const [step, setStep] = useState<Step>('details');
  const [amount, setAmount] = useState('');
  const [walletAddress, setWalletAddress] = useState('');
  const [otp, setOtp] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const requestCode = useRequestWithdrawalCode();
  const verifyCode = useVerifyWithdrawalCode();
  const create = useCreateWithdrawal();
  const busy = requestCode.isPending || verifyCode.isPending || create.isPending;
  const hint = addressHint(walletAddress);

  const reset = () => {
    setStep('details');
    setAmount('');
    setWalletAddress('');
    setOtp('');
    setProblem(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submitDetails = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = withdrawalFormError(amount, walletAddress, balance);
    if (invalid) return setProblem(invalid);
    setProblem(null);
    try {
      await requestCode.mutateAsync();
      setStep('code');
    } catch (error) {
      setProblem(
        errorText(error, {
          refusal: serverMessage,
          exception: withdrawalTexts.requestOtpFailed,
          serverFault: withdrawalTexts.requestOtpFailed,
        }),
      );
    }
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
      await create.mutateAsync({ amount: amount.trim(), walletAddress: walletAddress.trim(), asset: 'USDT', otp });
      close();
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
      title={step === 'details' ? 'Request Withdrawal' : 'Enter your code'}
      description={
        step === 'details'
          ? `USDT on ${bscNetworkName}. Available: ${formatMoney(balance, { unit: 'USDT' })}.`
          : 'We e-mailed you a 6-digit code. It is valid for 10 minutes.'
      }
    >
      {step === 'details' ? (
        <form className="space-y-4" onSubmit={submitDetails} noValidate>
          <TextField
            label="Amount (USDT)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            max={balance}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            required
          />
          <TextField
            label="Wallet address (BEP20)"
            value={walletAddress}
            onChange={(event) => setWalletAddress(event.target.value)}
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
            Withdrawing <strong>{formatMoney(Number(amount), { unit: 'USDT' })}</strong> to{' '}
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
