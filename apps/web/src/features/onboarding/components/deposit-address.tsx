/** An EVM address as it is read aloud or checked by eye: "0x" and then groups of four. */
function addressGroups(address: string): string[] | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  return ['0x', ...(address.slice(2).match(/.{4}/g) ?? [])];
}

/**
 * The deposit address in a monospace block that wraps only between groups of four, so no line
 * ever ends with one stray character; the groups are spaced by margins, not spaces, so selecting
 * and copying the text still gives the address in one piece.
 */
export function DepositAddress({ address }: { address: string }) {
  const groups = addressGroups(address);
  return (
    <code
      data-testid="deposit-address"
      className="block min-w-0 max-w-full rounded-lg bg-slate-50 px-3 py-2 font-mono text-slate-900 text-sm leading-6"
    >
      {groups
        ? groups.map((group, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the groups are positions in one fixed string.
            <span key={index} className="mr-[0.5ch] inline-block whitespace-nowrap last:mr-0">
              {group}
            </span>
          ))
        : address}
    </code>
  );
}
