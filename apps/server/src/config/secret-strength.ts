import { createRequire } from 'node:module';

/** 32 bytes: what a secret must be able to hold, in bits. */
export const secretBits = 256;

/** Words of at least this many letters count as dictionary words in a secret. */
const shortestWord = 4;

/**
 * The alphabet a secret is written in, by the characters it uses: hex (16); base64 or base64url
 * (64) when it uses both cases and nothing outside them; otherwise digits, letters of one case
 * (26), both cases (52), symbols (33 printable ASCII ones). 64 hex digits or 43 base64 characters
 * hold 256 bits. Base64 is told by its alphabet, not by the characters a secret happens to use:
 * one `openssl rand -base64 32 | tr '+/' '-_'` in about 7,700 has neither a digit nor a symbol,
 * and counted as letters only (52) its 43 characters held 245 bits and were refused.
 */
function alphabetSize(secret: string): number {
  if (/^[0-9a-f]+$/.test(secret) || /^[0-9A-F]+$/.test(secret)) return 16;
  if (/^[A-Za-z0-9+/_-]+=*$/.test(secret) && /[a-z]/.test(secret) && /[A-Z]/.test(secret)) return 64;
  let size = 0;
  if (/[0-9]/.test(secret)) size += 10;
  if (/[a-z]/.test(secret)) size += 26;
  if (/[A-Z]/.test(secret)) size += 26;
  if (/[^0-9a-zA-Z]/.test(secret)) size += 33;
  return size;
}

/** The dictionary words a person makes secrets of: common English words, common passwords, diceware. */
let dictionary: Set<string> | undefined;
function dictionaryWords(): Set<string> {
  if (dictionary) return dictionary;
  const require = createRequire(import.meta.url);
  const english = require('@zxcvbn-ts/language-en').dictionary as Record<string, string[]>;
  const common = require('@zxcvbn-ts/language-common').dictionary as Record<string, string[]>;
  const lists = [
    english['commonWords-en'],
    english['wikipedia-en'],
    common['passwords-common'],
    common['diceware-common'],
  ];
  dictionary = new Set(
    lists.flatMap((list) => list ?? []).filter((word) => word.length >= shortestWord && /^[a-z]+$/.test(word)),
  );
  return dictionary;
}

/** How many of the secret's characters belong to a dictionary word (longest first, case-insensitive). */
function lettersInWords(secret: string): number {
  const words = dictionaryWords();
  const text = secret.toLowerCase();
  let covered = 0;
  for (let start = 0; start < text.length; ) {
    let longest = 0;
    for (let end = Math.min(text.length, start + 24); end - start >= shortestWord; end -= 1) {
      if (words.has(text.slice(start, end))) {
        longest = end - start;
        break;
      }
    }
    covered += longest;
    start += Math.max(longest, 1);
  }
  return covered;
}

/** The shortest unit the whole secret repeats ("abcabcabc": 3), or its length when it repeats none. */
function repeatingUnit(secret: string): number {
  for (let unit = 1; unit <= secret.length / 2; unit += 1) {
    if (secret.length % unit === 0 && secret.slice(unit) === secret.slice(0, -unit)) return unit;
  }
  return secret.length;
}

/**
 * @rule SECRET_ENTROPY
 * A key secret must hold 32 bytes of randomness: its characters, counted in their alphabet, can
 * carry at least 256 bits (64 hex digits, 43 base64 characters: `openssl rand -base64 48` gives
 * 64); it is not one character repeated (none makes up a quarter of it), not a shorter text
 * repeated, and not made of dictionary words (words of 4 letters or more cover under half of its
 * letters).
 * A random secret passes all four whatever it happens to spell; a sentence, a name or a pattern
 * does not. Undefined when the secret is sound, else why not.
 */
export function weakSecretProblem(secret: string): string | undefined {
  const bits = Math.floor(secret.length * Math.log2(alphabetSize(secret)));
  if (bits < secretBits) {
    return `holds at most ${bits} bits, fewer than 32 bytes (${secretBits} bits): use 64 hex digits or 43 base64 characters (openssl rand -base64 48)`;
  }
  const counts = new Map<string, number>();
  for (const character of secret) counts.set(character, (counts.get(character) ?? 0) + 1);
  const [commonest, times] = [...counts].sort((a, b) => b[1] - a[1])[0] as [string, number];
  if (times * 4 >= secret.length) {
    return `repeats "${commonest}" ${times} times in ${secret.length} characters: not random (openssl rand -base64 48)`;
  }
  const unit = repeatingUnit(secret);
  if (unit < secret.length) {
    return `repeats the same ${unit} characters: not random (openssl rand -base64 48)`;
  }
  const letters = secret.replace(/[^a-z]/gi, '').length;
  if (letters > 0 && lettersInWords(secret) * 2 >= letters) {
    return 'is made of dictionary words: not random (openssl rand -base64 48)';
  }
  return undefined;
}
