import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';

/**
 * `POST /api/dev/demo-pay` takes no sign-in: the amount it sends must be one the deposit ledger
 * can hold (NUMERIC(38,18): under 10^20 USDT), or it would hand anyone a poison log.
 */
describe('demo payments (POST /api/dev/demo-pay)', () => {
  const t = testAppForFile({ devToolsEnabled: true });

  const pay = (amount: string) =>
    t.app.inject({ method: 'POST', url: '/api/dev/demo-pay', payload: { email: 'payer@example.test', amount } });

  it.each(['100000000000000000000', '123456789012345678901234567890', '100000000000000000000.5'])(
    'refuses %s USDT, more than the ledger holds',
    async (amount) => {
      const response = await pay(amount);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: 'VALIDATION_ERROR',
        data: {
          errors: [
            {
              field: 'amount',
              message: expect.stringContaining('exceeds what the deposit ledger holds (NUMERIC(38,18))'),
            },
          ],
        },
      });
    },
  );

  it.each(['abc', '', '1e3', '-5', '12.', ' 10'])(
    'refuses %j, not a USDT amount, with VALIDATION_ERROR',
    async (amount) => {
      // The ledger's bound was checked on any text, and a decimal error thrown inside the schema was a 500.
      const response = await pay(amount);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: 'VALIDATION_ERROR',
        data: { errors: [{ field: 'amount', message: 'The amount is a USDT amount with at most 18 decimals' }] },
      });
    },
  );

  it('lets the largest amount the ledger holds through to the payment (no demo chain here: 404)', async () => {
    expect((await pay('99999999999999999999.999999999999999999')).statusCode).toBe(404);
    expect((await pay('10')).statusCode).toBe(404);
  });
});
