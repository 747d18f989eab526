import { z } from 'zod';

/** A deposit log the scanner could not store, as `GET /subscription/admin/quarantined-deposits` lists it. */
export const quarantinedDepositSchema = z.object({
  transactionHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.number().int(),
  fromAddress: z.string(),
  toAddress: z.string(),
  /** The log's value in the token's smallest units (a uint256, 18 decimals for USDT), in decimal. */
  rawAmount: z.string(),
  reason: z.string(),
  quarantinedAt: z.string(),
});
export type QuarantinedDeposit = z.infer<typeof quarantinedDepositSchema>;

/** The newest quarantined deposit logs (at most `quarantinedDepositsShown`) and how many there are. */
export const quarantinedDepositsSchema = z.object({
  deposits: z.array(quarantinedDepositSchema),
  total: z.number().int(),
});
export type QuarantinedDeposits = z.infer<typeof quarantinedDepositsSchema>;

export const quarantinedDepositsShown = 200;
