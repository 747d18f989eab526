import {
  type BytesLike,
  dataSlice,
  getAddress,
  getBytes,
  hashMessage,
  recoverAddress,
  TypedDataEncoder,
  toBigInt,
} from 'ethers';

/** A Safe transaction's fields as the Transaction Service receives them (numbers as decimal strings). */
export interface SafeTxFields {
  to: string;
  value: string;
  data: string | null;
  operation: number;
  safeTxGas: string;
  baseGas: string;
  gasPrice: string;
  gasToken: string;
  refundReceiver: string;
  nonce: string;
}

const safeTxTypes = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
};

/** The EIP-712 hash a Safe (1.3.0 and later: the domain names the chain) signs and executes: its safeTxHash. */
export function safeTxHash(chainId: number, safeAddress: string, fields: SafeTxFields): string {
  return TypedDataEncoder.hash({ chainId, verifyingContract: safeAddress }, safeTxTypes, {
    ...fields,
    data: fields.data ?? '0x',
  }).toLowerCase();
}

/** The kinds of signature a Safe accepts, by the `v` byte of each 65-byte part (Safe's checkSignatures). */
export type SignatureKind = 'EOA' | 'ETH_SIGN' | 'APPROVED_HASH' | 'CONTRACT_SIGNATURE';

export interface ParsedSignature {
  owner: string;
  kind: SignatureKind;
  /** The 65 bytes as sent, 0x-prefixed. */
  signature: string;
}

/**
 * Splits the concatenated signatures and finds each one's signer as the Safe does: `v` 27/28 an
 * EIP-712 signature of the hash, `v` above 30 an `eth_sign` of it (`v` − 4), `v` 1 a hash the owner
 * in `r` approved on chain (or who sends it), `v` 0 a contract's (EIP-1271) signature, whose owner
 * is in `r` — which this local service does not check on chain and so refuses.
 */
export function parseSignatures(signatures: BytesLike, hash: string): ParsedSignature[] {
  const bytes = getBytes(signatures);
  if (bytes.length % 65 !== 0) throw new Error('Signatures must be 65 bytes each');
  const parsed: ParsedSignature[] = [];
  for (let offset = 0; offset < bytes.length; offset += 65) {
    const part = bytes.slice(offset, offset + 65);
    const r = dataSlice(part, 0, 32);
    const s = dataSlice(part, 32, 64);
    const v = part[64] ?? 0;
    const signature = dataSlice(part, 0, 65);
    if (v === 0 || v === 1) {
      const owner = getAddress(dataSlice(r, 12));
      parsed.push({ owner, kind: v === 0 ? 'CONTRACT_SIGNATURE' : 'APPROVED_HASH', signature });
    } else if (v > 30) {
      const owner = recoverAddress(hashMessage(getBytes(hash)), { r, s, v: v - 4 });
      parsed.push({ owner, kind: 'ETH_SIGN', signature });
    } else {
      parsed.push({ owner: recoverAddress(hash, { r, s, v }), kind: 'EOA', signature });
    }
  }
  return parsed;
}

/** Safe sorts signatures by signer, ascending: the order `execTransaction` requires. */
export const bySigner = (a: { owner: string }, b: { owner: string }) =>
  toBigInt(a.owner) < toBigInt(b.owner) ? -1 : toBigInt(a.owner) > toBigInt(b.owner) ? 1 : 0;

const delegateTypes = {
  Delegate: [
    { name: 'delegateAddress', type: 'address' },
    { name: 'totp', type: 'uint256' },
  ],
};

/**
 * Who signed a delegate's addition or removal: the service's EIP-712 `Delegate` message (domain
 * "Safe Transaction Service" 1.0 on the chain), over the current hour's TOTP or the previous one's.
 */
export function delegateSigners(chainId: number, delegate: string, signature: string, now: Date): string[] {
  const hour = Math.floor(now.getTime() / 1000 / 3600);
  const domain = { name: 'Safe Transaction Service', version: '1.0', chainId };
  return [hour, hour - 1].map((totp) =>
    recoverAddress(TypedDataEncoder.hash(domain, delegateTypes, { delegateAddress: delegate, totp }), signature),
  );
}
