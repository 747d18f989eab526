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

export interface ExchangeGateway {
  readonly kind: 'bingx' | 'sandbox';
  /** Throws ExchangeUnavailableError when the exchange cannot answer (retryable). */
  checkInvitee(uid: string): Promise<InviteeCheck>;
}

/** The exchange did not give a usable answer: timeout, 5xx, rate limit after retries, or a malformed reply. */
export class ExchangeUnavailableError extends Error {
  override name = 'ExchangeUnavailableError';
}
