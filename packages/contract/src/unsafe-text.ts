/**
 * The rule behind `safeText()` (safe-text.ts) without zod, for screens that check a form before
 * sending it and load no schema.
 *
 * Control characters (Cc: NUL, bell, tab, line breaks, …), invisible format characters (Cf: bidi
 * overrides and isolates, zero-width spaces and joiners, the BOM) and lone surrogates. None of
 * them belongs in a name, an address, a code or a password: NUL cannot even be stored by
 * PostgreSQL, and a bidi override makes a name read differently from what it is. An ordinary
 * space is none of these.
 */
const unsafeCharacter = /[\p{Cc}\p{Cf}\p{Cs}]/u;

export function hasUnsafeCharacters(value: string): boolean {
  return unsafeCharacter.test(value);
}

export const unsafeTextMessage = (label: string) => `${label} must not contain control or invisible characters`;
