import { screen, within } from '@testing-library/react';
import {
  type CreateWithdrawalRequest,
  createWithdrawalRequestSchema,
  otpRequestResultSchema,
  verifyOtpRequestSchema,
  withdrawalSchema,
} from '@uplink/contract/withdrawals';
import { describe, expect, it, vi } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { WithdrawalModal } from './withdrawal-modal';

const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** The modal over a balance of 50 USDT, its API answered as the server would for code 123456. */
function openModal() {
  const onClose = vi.fn();
  const requested = { codes: 0, withdrawals: [] as unknown[] };
  onApi('post', '/otp/withdrawal/request', { response: otpRequestResultSchema }, () => {
    requested.codes += 1;
    return { expiresAt: '2026-03-02T10:10:00.000Z' };
  });
  onApi('post', '/otp/withdrawal/verify', { request: verifyOtpRequestSchema }, ({ body }) =>
    body.otp === '123456' ? null : refusal(400, 'INVALID_OTP', 'Invalid OTP code. 4 tries left.'),
  );
  onApi('post', '/withdrawals', { request: createWithdrawalRequestSchema, response: withdrawalSchema }, ({ body }) => {
    requested.withdrawals.push(body);
    return {
      _id: 'withdrawal-1',
      amount: Number(body.amount),
      walletAddress: body.walletAddress,
      asset: body.asset,
      status: 'PENDING' as const,
      reason: null,
      requestedAt: '2026-03-02T10:00:00.000Z',
      processedAt: null,
      transactionHash: null,
    };
  });
  const { user } = renderScreen(<WithdrawalModal open onClose={onClose} balance={50} />);
  return { user, onClose, requested };
}

describe('the withdrawal modal', () => {
  it('checks the address and the amount by the API rules before it asks for a code', async () => {
    const { user, requested } = openModal();
    const dialog = await screen.findByRole('dialog', { name: 'Request Withdrawal' });
    await user.type(within(dialog).getByLabelText('Wallet address (BEP20)'), `${wallet.slice(0, -1)}D`);
    expect(within(dialog).getByText('Invalid wallet address format')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    await user.clear(within(dialog).getByLabelText('Wallet address (BEP20)'));
    await user.type(within(dialog).getByLabelText('Wallet address (BEP20)'), wallet);
    expect(within(dialog).getByText('Valid wallet address')).toBeTruthy();

    for (const amount of ['50.01', '1.005']) {
      await user.clear(within(dialog).getByLabelText('Amount (USDT)'));
      await user.type(within(dialog).getByLabelText('Amount (USDT)'), amount);
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(within(dialog).getByRole('alert').textContent).toBe('Invalid withdrawal amount');
    }
    expect(requested.codes).toBe(0);
  });

  it('asks for the e-mailed code, shows a wrong one refused, and withdraws with the right one', async () => {
    const { user, onClose, requested } = openModal();
    const details = await screen.findByRole('dialog', { name: 'Request Withdrawal' });
    await user.type(within(details).getByLabelText('Amount (USDT)'), '20');
    await user.type(within(details).getByLabelText('Wallet address (BEP20)'), wallet);
    await user.click(within(details).getByRole('button', { name: 'Continue' }));

    const code = await screen.findByRole('dialog', { name: 'Enter your code' });
    await user.click(within(code).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(within(code).getByRole('alert').textContent).toBe('Please enter the OTP code.');
    await user.type(within(code).getByLabelText('One-time code'), '12345');
    await user.click(within(code).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(within(code).getByRole('alert').textContent).toBe('Invalid OTP code');
    await user.type(within(code).getByLabelText('One-time code'), '9');
    await user.click(within(code).getByRole('button', { name: 'Confirm withdrawal' }));
    expect((await within(code).findByRole('alert')).textContent).toBe('Invalid OTP code. 4 tries left.');
    expect(requested.withdrawals).toEqual([]);

    await user.clear(within(code).getByLabelText('One-time code'));
    await user.type(within(code).getByLabelText('One-time code'), '123456');
    await user.click(within(code).getByRole('button', { name: 'Confirm withdrawal' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(requested).toEqual({
      codes: 1,
      withdrawals: [
        { amount: '20', walletAddress: wallet, asset: 'USDT', otp: '123456' } satisfies CreateWithdrawalRequest,
      ],
    });
  });
});
