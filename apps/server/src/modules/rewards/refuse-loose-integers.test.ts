import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';

/**
 * A cycle run is irreversible: a body whose cycle is not a JSON integer is refused, never
 * reinterpreted (`true` as 1, `"0x10"` as 16, `"1e1"` as 10, `"0b11"` as 3, `[5]` as 5).
 * Query strings still take decimal digits, and only those.
 */
describe('integers on the money routes are strictly integers', () => {
  const { t, adminHeaders } = adminTestAppForFile();

  const hostileCycles: [string, unknown][] = [
    ['true', true],
    ['"0x10"', '0x10'],
    ['"1e1"', '1e1'],
    ['"0b11"', '0b11'],
    ['[5]', [5]],
    ['"5" (a string of digits)', '5'],
    ['" 5 "', ' 5 '],
    ['null', null],
    ['{}', {}],
  ];

  describe.each(['/api/rewards/admin/cycles', '/api/rewards/admin/cycles/preview'])('POST %s', (url) => {
    it.each(hostileCycles)('refuses cycle %s with VALIDATION_ERROR and writes nothing', async (_name, cycle) => {
      for (const body of [
        { cycle, source: 'exchange' },
        { cycle, entries: [{ bingXUID: '12345678', masterAmount: 1 }] },
      ]) {
        const response = await t.app.inject({ method: 'POST', url, headers: adminHeaders, payload: body });
        expect(response.statusCode).toBe(400);
        expect(response.json().errorCode).toBe('VALIDATION_ERROR');
      }
      const runs = await t.database.db.selectFrom('reward_cycle_runs').select('id').execute();
      expect(runs).toEqual([]);
      expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
    });
  });

  const lists = [
    '/api/rewards/user',
    '/api/rewards/admin/all',
    '/api/withdrawals/admin/all',
    '/api/rewards/admin/cycles',
  ];

  it.each(lists)('%s refuses a page or limit that is not decimal digits', async (path) => {
    for (const query of ['page=0x10', 'page=1e1', 'page=0b11', 'page=true', 'page=', 'page=1&page=2', 'limit=1e1']) {
      const response = await t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: adminHeaders });
      expect(response.statusCode, `${path}?${query}`).toBe(400);
      expect(response.json().errorCode).toBe('VALIDATION_ERROR');
    }
  });

  it.each(lists)('%s still reads a page and limit written in decimal digits', async (path) => {
    const response = await t.app.inject({ method: 'GET', url: `${path}?page=2&limit=10`, headers: adminHeaders });
    expect(response.statusCode).toBe(200);
  });
});
