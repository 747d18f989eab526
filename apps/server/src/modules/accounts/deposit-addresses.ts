import { type HDNodeVoidWallet, HDNodeWallet } from 'ethers';

const parents = new Map<string, HDNodeWallet | HDNodeVoidWallet>();

/**
 * The member's own deposit address: child `seq` of the configured extended public key. The
 * server never holds the private key; the sequence number makes each address unique.
 * Throws when the key is unusable or the index is out of the non-hardened range.
 */
export function depositAddressFor(depositXpub: string, seq: string | number): string {
  let parent = parents.get(depositXpub);
  if (!parent) {
    parent = HDNodeWallet.fromExtendedKey(depositXpub);
    parents.set(depositXpub, parent);
  }
  return parent.deriveChild(Number(seq)).address;
}
