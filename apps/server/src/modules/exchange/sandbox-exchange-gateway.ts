import { type ExchangeGateway, ExchangeUnavailableError, type InviteeCheck } from './exchange-gateway';

/**
 * The exchange of local mode and the demo: documented test UIDs produce each onboarding outcome
 * (README, "Demo: onboarding"). Any other UID of 6-20 digits is treated as eligible, so a demo
 * user can type their own.
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
}
