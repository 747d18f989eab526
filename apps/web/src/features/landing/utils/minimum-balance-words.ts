/**
 * The exchange-balance line a visitor must hold, in words: "at least 250 USD" once the API has
 * given this server's figure, and no figure at all before (while the plan loads, and in the
 * build-time prerender of `/`, which has no API), never the contract's default, which a
 * deployment's MIN_EXCHANGE_BALANCE may have changed.
 */
export function minimumBalanceWords(minimum: number | undefined): string {
  return minimum === undefined ? 'the minimum balance' : `at least ${minimum} USD`;
}
