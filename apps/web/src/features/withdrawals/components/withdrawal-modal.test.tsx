import { screen, within } from '@testing-library/react';
import type { CreateWithdrawalRequest } from '@uplink/contract/withdrawals';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { answerWithdrawals, refuseCodeRequest, rightCode } from '../../../testing/withdrawal-api';
import { WithdrawalModal } from './withdrawal-modal';

const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** The modal over `balance` USDT, its API answered as the server would for code 123456. */
function openModal(balance = 50) {
  const onClose = vi.fn();
  const onWithdrawn = vi.fn();
  const requested = answerWithdrawals();
  const { user } = renderScreen(<WithdrawalModal open onClose={onClose} onWithdrawn={onWithdrawn} balance={balance} />);
  return { user, onClose, onWithdrawn, requested };
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

    const amount = within(dialog).getByLabelText('Amount (USDT)');
    for (const [typed, text] of [
      ['1000', 'The amount is more than your available balance (50.00 USDT)'],
      ['5.123', 'Use at most 2 decimals'],
      ['0', 'Enter an amount of at least 0.01 USDT'],
    ]) {
      await user.clear(amount);
      await user.type(amount, typed as string);
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      const shown = within(dialog).getByRole('alert');
      expect(shown.textContent).toBe(text);
      expect(amount.getAttribute('aria-describedby')).toContain(shown.id);
      // A change of the amount ends what was said about it.
      await user.type(amount, '1');
      expect(within(dialog).queryByRole('alert')).toBeNull();
    }
    expect(requested.codes).toBe(0);
  });

  it("fills the whole available balance with 'Max', as exact text, and withdraws it", async () => {
    // 0.1 + 0.2 is 0.30000000000000004 as a float: the form must not carry that into the request.
    const { user, requested } = openModal(36.2 + 0.1 + 0.2);
    const details = await screen.findByRole('dialog', { name: 'Request Withdrawal' });
    expect(within(details).getByText('Maximum: 36.50 USDT')).toBeTruthy();
    await user.type(within(details).getByLabelText('Amount (USDT)'), '3');
    await user.click(within(details).getByRole('button', { name: 'Max' }));
    expect(within(details).getByLabelText('Amount (USDT)')).toHaveProperty('value', '36.50');
    await user.type(within(details).getByLabelText('Wallet address (BEP20)'), wallet);
    await user.click(within(details).getByRole('button', { name: 'Continue' }));

    const code = await screen.findByRole('dialog', { name: 'Enter your code' });
    expect(within(code).getByText('36.50 USDT')).toBeTruthy();
    await user.type(within(code).getByLabelText('One-time code'), rightCode);
    await user.click(within(code).getByRole('button', { name: 'Confirm withdrawal' }));
    await screen.findByRole('dialog', { name: 'Withdrawal requested' });
    // As the API reads it (the contract's schema keeps the exact decimal, without its trailing zero).
    expect(requested.bodies).toEqual([
      { amount: '36.5', walletAddress: wallet, asset: 'USDT', otp: rightCode } satisfies CreateWithdrawalRequest,
    ]);
  });

  it('asks for the e-mailed code, refuses a wrong one, withdraws with the right one and confirms it', async () => {
    const { user, onClose, onWithdrawn, requested } = openModal();
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
    expect(requested.bodies).toEqual([]);

    await user.clear(within(code).getByLabelText('One-time code'));
    await user.type(within(code).getByLabelText('One-time code'), rightCode);
    await user.click(within(code).getByRole('button', { name: 'Confirm withdrawal' }));

    const done = await screen.findByRole('dialog', { name: 'Withdrawal requested' });
    expect(within(done).getByText('20.00 USDT requested')).toBeTruthy();
    expect(within(done).getByText(/It is Pending until it is paid/).textContent).toContain('0x5aAe...eAed');
    expect(onWithdrawn).toHaveBeenCalledOnce();
    expect(onWithdrawn.mock.calls[0]?.[0]).toMatchObject({ _id: 'withdrawal-1', status: 'PENDING', amount: 20 });
    expect(onClose).not.toHaveBeenCalled();
    expect(requested.codes).toBe(1);
    expect(requested.bodies).toEqual([
      { amount: '20', walletAddress: wallet, asset: 'USDT', otp: rightCode } satisfies CreateWithdrawalRequest,
    ]);

    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('sends the withdrawal with the code request, and shows a refusal under its field before any code', async () => {
    const { user, requested } = openModal();
    const details = await screen.findByRole('dialog', { name: 'Request Withdrawal' });
    const amount = within(details).getByLabelText('Amount (USDT)');
    const address = within(details).getByLabelText('Wallet address (BEP20)');
    await user.type(amount, '20');
    await user.type(address, wallet);

    refuseCodeRequest(409, 'WALLET_ADDRESS_IN_USE', 'This address is already used by a pending withdrawal.');
    await user.click(within(details).getByRole('button', { name: 'Continue' }));
    const inUse = await within(details).findByRole('alert');
    expect(inUse.textContent).toBe('This address is already used by a pending withdrawal.');
    expect(address.getAttribute('aria-describedby')).toContain(inUse.id);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog', { name: 'Enter your code' })).toBeNull();
    // Editing the address ends the refusal under it.
    await user.type(address, ' ');
    expect(within(details).queryByRole('alert')).toBeNull();

    // The balance moved since the screen read it: the server names the one it holds.
    refuseCodeRequest(400, 'INSUFFICIENT_BALANCE', 'The amount is more than your available balance (15.00 USDT)');
    await user.click(within(details).getByRole('button', { name: 'Continue' }));
    const tooMuch = await within(details).findByRole('alert');
    expect(tooMuch.textContent).toBe('The amount is more than your available balance (15.00 USDT)');
    expect(amount.getAttribute('aria-describedby')).toContain(tooMuch.id);

    refuseCodeRequest(409, 'TOO_MANY_PENDING_WITHDRAWALS', 'You have reached the limit of pending withdrawals.');
    await user.click(within(details).getByRole('button', { name: 'Continue' }));
    await within(details).findByText('You have reached the limit of pending withdrawals.');
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    expect(requested.codes).toBe(0);

    answerWithdrawals();
    await user.click(within(details).getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Enter your code' });
  });

  it('asks for the code with the amount and the address of the withdrawal', async () => {
    const { user, requested } = openModal();
    const details = await screen.findByRole('dialog', { name: 'Request Withdrawal' });
    await user.type(within(details).getByLabelText('Amount (USDT)'), '12.50');
    await user.type(within(details).getByLabelText('Wallet address (BEP20)'), wallet);
    await user.click(within(details).getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Enter your code' });
    expect(requested.codeBodies).toEqual([{ amount: '12.5', walletAddress: wallet }]);
  });
});
