import type { ExecutedSafeTx } from './safe-on-chain';
import { type ParsedSignature, parseSignatures, type SafeTxFields } from './safe-signatures';

/** An owner's signature the service keeps for a proposed transaction. */
export interface Confirmation {
  owner: string;
  signature: string;
  signatureType: ParsedSignature['kind'];
  submissionDate: Date;
}

export interface Proposal extends SafeTxFields {
  safe: string;
  safeTxHash: string;
  proposer: string;
  proposedByDelegate: string | null;
  origin: string | null;
  submissionDate: Date;
  modified: Date;
  confirmations: Map<string, Confirmation>;
}

/** A multisig transaction as the service answers it (SafeMultisigTransactionResponse). */
export function transactionResponse(
  safe: string,
  threshold: number,
  proposal: Proposal | undefined,
  executed: ExecutedSafeTx | undefined,
) {
  const fields = (proposal ?? executed) as SafeTxFields & { safeTxHash: string };
  const confirmations = proposal
    ? [...proposal.confirmations.values()]
    : parseSignatures(executed?.signatures ?? '0x', fields.safeTxHash).map((entry) => ({
        owner: entry.owner,
        signature: entry.signature,
        signatureType: entry.kind,
        submissionDate: executed?.executionDate ?? new Date(0),
      }));
  return {
    safe,
    to: fields.to,
    value: fields.value,
    data: fields.data,
    operation: fields.operation,
    gasToken: fields.gasToken,
    safeTxGas: fields.safeTxGas,
    baseGas: fields.baseGas,
    gasPrice: fields.gasPrice,
    refundReceiver: fields.refundReceiver,
    nonce: fields.nonce,
    executionDate: executed?.executionDate.toISOString() ?? null,
    submissionDate: (proposal?.submissionDate ?? executed?.executionDate ?? new Date(0)).toISOString(),
    modified: (proposal?.modified ?? executed?.executionDate ?? new Date(0)).toISOString(),
    blockNumber: executed?.blockNumber ?? null,
    transactionHash: executed?.transactionHash ?? null,
    safeTxHash: fields.safeTxHash,
    executor: executed?.executor ?? null,
    proposer: proposal?.proposer ?? null,
    proposedByDelegate: proposal?.proposedByDelegate ?? null,
    isExecuted: Boolean(executed),
    isSuccessful: executed ? executed.isSuccessful : null,
    ethGasPrice: null,
    maxFeePerGas: null,
    maxPriorityFeePerGas: null,
    gasUsed: null,
    fee: null,
    origin: proposal?.origin ?? '{}',
    dataDecoded: null,
    confirmationsRequired: threshold,
    confirmations: confirmations.map((entry) => ({
      owner: entry.owner,
      submissionDate: entry.submissionDate.toISOString(),
      transactionHash: null,
      signature: entry.signature,
      signatureType: entry.signatureType,
    })),
    trusted: true,
    signatures: executed?.signatures ?? null,
  };
}
