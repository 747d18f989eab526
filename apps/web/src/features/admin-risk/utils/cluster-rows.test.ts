import { describe, expect, it } from 'vitest';
import { aRiskEvent } from '../../../testing/sample-data';
import { clusterRows, clusterSignals, sharedSignal, sharedValues } from './cluster-rows';

describe('the rows of a cluster', () => {
  it('gives each member, in order, the evidence records naming them', () => {
    const rows = clusterRows(aRiskEvent());
    expect(rows.map((row) => [row.member._id, row.account?.email])).toEqual([
      ['member-1', 'ann.lee+farm@gmail.com'],
      ['member-2', 'a.n.n.lee@googlemail.com'],
    ]);
    expect(clusterSignals(aRiskEvent().evidence)).toEqual({
      accounts: true,
      withdrawals: false,
      payments: false,
      sources: false,
    });
  });

  it('finds the values two or more members share, in any letter case, a member counted once', () => {
    const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(
      sharedValues([[wallet, wallet], [wallet.toLowerCase()], ['0x0000000000000000000000000000000000000001', null]]),
    ).toEqual(new Set([wallet.toLowerCase()]));
    expect(sharedValues([[wallet, wallet], []])).toEqual(new Set());
  });

  it('names the shared signal, and says when a client address was deleted', () => {
    expect(sharedSignal(aRiskEvent().evidence)).toEqual({ label: 'Normalised e-mail', value: 'annlee@gmail.com' });
    expect(
      sharedSignal({
        rule: 'REGISTRATION_BURST',
        basis: 'CLIENT_ADDRESS',
        sponsorId: null,
        clientAddress: null,
        accounts: [],
      }),
    ).toEqual({ label: 'Client address', value: 'Deleted after 90 days' });
  });
});
