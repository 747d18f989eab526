import { keccak256, toUtf8Bytes } from 'ethers';

/**
 * Safe's Transaction Builder batch file (safe-global/safe-react-apps, apps/tx-builder, read at
 * b823488a161e49ba2df510ec0d04018116ed6c63): what its import reads, and the `meta.checksum` it
 * checks — without it, or with another, every import warns "This batch contains some changed
 * properties since you saved or downloaded it", which would teach a treasurer to ignore the
 * warning that a payment file was tampered with.
 */

/** The builder release whose file format this follows (apps/tx-builder/package.json at that commit). */
export const txBuilderVersion = '1.18.3';

export interface BuilderTransaction {
  to: string;
  /** Native value, a decimal string: the builder refuses a number (it would lose precision past 2^53). */
  value: string;
  data: null;
  contractMethod: {
    inputs: { internalType: string; name: string; type: string }[];
    name: string;
    payable: boolean;
  };
  contractInputsValues: Record<string, string>;
}

export interface BuilderBatch {
  version: '1.0';
  chainId: string;
  createdAt: number;
  meta: {
    name: string;
    description: string;
    txBuilderVersion: string;
    createdFromSafeAddress: string;
    createdFromOwnerAddress: string;
  };
  transactions: BuilderTransaction[];
}

/**
 * The text the builder hashes (lib/checksum.ts): an object as `{`, its own keys sorted and written
 * as a JSON array, then each of their values in that order, each followed by a comma, and `}`; an
 * array as its elements in brackets, comma-separated; anything else as JSON, undefined as null.
 */
function checksummedText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(checksummedText).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  const keys = Object.keys(value).sort();
  const values = keys.map((key) => `${checksummedText((value as Record<string, unknown>)[key])},`);
  return `{${JSON.stringify(keys)}${values.join('')}}`;
}

/**
 * The batch file as the builder writes it on download: its `meta.checksum` is the keccak-256 of
 * the file's text above with `meta.name` as null (a batch renamed in the builder keeps its
 * checksum) and no checksum in it.
 */
export function builderBatchFile(batch: BuilderBatch): string {
  const checksum = keccak256(toUtf8Bytes(checksummedText({ ...batch, meta: { ...batch.meta, name: null } })));
  return JSON.stringify({ ...batch, meta: { ...batch.meta, checksum } });
}
