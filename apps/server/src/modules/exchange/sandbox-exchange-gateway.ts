import { createHash } from 'node:crypto';
import {
  type CopyTradingLine,
  type ExchangeGateway,
  ExchangeUnavailableError,
  type InviteeCheck,
  type StatementPeriod,
} from './exchange-gateway';

/**
 * The exchange of local mode and the demo: documented test UIDs produce each onboarding outcome
 * (README, "Demo: onboarding"). Any other UID of 6-20 digits is treated as eligible, so a demo
 * user can type their own.
 *
 * Its copy-trading statement is deterministic (README, "Demo: rewards"): a UID ending in 9 is not
 * copying; any other pays the master trader 5.00 to 104.99 USDT in a period, the first four bytes
 * of sha256("<uid>:<period start, ISO>") modulo 10,000, in cents, plus 5 USDT.
 */
export const sandboxUids = {
  eligible: '10000001',
  notInvited: '10000002',
  kycIncomplete: '10000003',
  depositTooSmall: '10000004',
  unavailable: '10000005',
} as const;

const eligible: InviteeCheck = { invited: true, kycComplete: true, balanceUsdt: '250.00' };

const outcomes: Record<string, InviteeCheck | 'unavailable'> = {
  [sandboxUids.eligible]: eligible,
  [sandboxUids.notInvited]: { invited: false, kycComplete: false, balanceUsdt: '0' },
  [sandboxUids.kycIncomplete]: { invited: true, kycComplete: false, balanceUsdt: '250.00' },
  [sandboxUids.depositTooSmall]: { invited: true, kycComplete: true, balanceUsdt: '42.50' },
  [sandboxUids.unavailable]: 'unavailable',
};

export class SandboxExchangeGateway implements ExchangeGateway {
  readonly kind = 'sandbox' as const;

  async checkInvitee(uid: string): Promise<InviteeCheck> {
    const outcome = outcomes[uid] ?? eligible;
    if (outcome === 'unavailable') {
      throw new ExchangeUnavailableError('Sandbox exchange outage (test UID)');
    }
    return outcome;
  }

  async copyTradingStatement(period: StatementPeriod, linkedUids: readonly string[]): Promise<CopyTradingLine[]> {
    return linkedUids
      .filter((uid) => !uid.endsWith('9') && uid !== sandboxUids.unavailable)
      .map((uid) => ({ uid, masterAmount: sandboxMasterAmount(uid, period) }));
  }
}

export function sandboxMasterAmount(uid: string, period: StatementPeriod): string {
  const digest = createHash('sha256').update(`${uid}:${period.startsAt.toISOString()}`).digest();
  const cents = (digest.readUInt32BE(0) % 10_000) + 500;
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
