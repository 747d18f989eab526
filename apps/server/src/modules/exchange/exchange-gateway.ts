/**
 * What onboarding needs to know about an exchange account, whichever gateway answers (the
 * real BingX agent API or the sandbox of local mode).
 */
export interface InviteeCheck {
  /** Registered on the exchange through our agent (affiliate) link. */
  invited: boolean;
  kycComplete: boolean;
  /** Net assets on the exchange in USDT, a decimal string. */
  balanceUsdt: string;
}

/** What one copier's trading paid the master trader over a period (a line of a cycle's statement). */
export interface CopyTradingLine {
  uid: string;
  /** USDT, a decimal string with at most 8 decimals. */
  masterAmount: string;
}

export interface StatementPeriod {
  startsAt: Date;
  endsAt: Date;
}

export interface ExchangeGateway {
  readonly kind: 'bingx' | 'sandbox';
  /** Throws ExchangeUnavailableError when the exchange cannot answer (retryable). */
  checkInvitee(uid: string): Promise<InviteeCheck>;
  /**
   * The copy-trading statement of a period, one line per copier. The real exchange reports every
   * invitee; the sandbox answers for `linkedUids`, the members it is asked about.
   */
  copyTradingStatement(period: StatementPeriod, linkedUids: readonly string[]): Promise<CopyTradingLine[]>;
}

/** The exchange did not give a usable answer: timeout, 5xx, rate limit after retries, or a malformed reply. */
export class ExchangeUnavailableError extends Error {
  override name = 'ExchangeUnavailableError';
}
