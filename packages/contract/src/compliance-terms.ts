import { z } from 'zod';
import { wireMoneySchema } from './money';

/**
 * The compliance rule as this server applies it: new rewards lock while the exchange balance is
 * under `minimumExchangeBalance` (USDT, the setting `MIN_EXCHANGE_BALANCE`), and a locked reward is
 * forfeited `windowDays` after it was locked. Screens print these figures from the API, never from
 * a constant of their own, so a deployment's own line is the one its visitors and members read.
 */
export const complianceTermsSchema = z.object({
  minimumExchangeBalance: wireMoneySchema,
  windowDays: z.number().int().positive(),
});
export type ComplianceTerms = z.infer<typeof complianceTermsSchema>;
