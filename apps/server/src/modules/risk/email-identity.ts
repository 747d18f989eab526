import mailchecker from 'mailchecker';

/** Gmail's two domains reach one mailbox: googlemail.com is read as gmail.com. */
const gmailDomains = new Set(['gmail.com', 'googlemail.com']);

/**
 * Providers that deliver `name+anything@` to `name@` (sub-addressing), so a `+tag` names no other
 * mailbox. Gmail's dots are ignored as well; the others keep them.
 */
const plusTagProviders = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'protonmail.com',
  'proton.me',
  'pm.me',
  'fastmail.com',
  'fastmail.fm',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'posteo.de',
  'mailbox.org',
]);

/**
 * The mailbox an e-mail address reaches, in one spelling: lower case; for Gmail and Googlemail the
 * dots and any `+tag` removed and the domain gmail.com; for providers known to ignore `+tags`, the
 * tag removed. Two accounts with the same normalised e-mail are one person's.
 */
export function normalizeEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  const domain = lower.slice(at + 1);
  // A local part that is only a tag keeps it: there is no mailbox name to fall back to.
  if (plusTagProviders.has(domain)) local = local.split('+', 1)[0] || local;
  if (gmailDomains.has(domain)) return `${local.replaceAll('.', '')}@gmail.com`;
  return `${local}@${domain}`;
}

/**
 * A normalised e-mail without the `+tag` of its local part, at any domain: two accounts that differ
 * only by one are likely one person's even where the provider may keep them apart (EMAIL_ALIAS at
 * medium). A local part that is only a tag keeps it. The same as `untaggedEmailSql` (and the
 * index of migration 0241).
 */
export function untaggedEmail(normalizedEmail: string): string {
  return normalizedEmail.replace(/^([^@+]+)\+[^@]*@/, '$1@');
}

/** `untaggedEmail` of `users.normalized_email` in SQL, spelled as the index of migration 0241 spells it. */
export const untaggedEmailSql = "regexp_replace(normalized_email, '^([^@+]+)\\+[^@]*@', '\\1@')";

/** The domain of an e-mail address, in lower case. */
export function emailDomain(email: string): string {
  const lower = email.trim().toLowerCase();
  return lower.slice(lower.lastIndexOf('@') + 1);
}

const disposableDomains = mailchecker.blacklist();

/**
 * Whether the domain (or a domain it is under) is a disposable-mailbox provider, by the list the
 * `mailchecker` package maintains.
 */
export function isDisposableDomain(domain: string): boolean {
  let current = domain.toLowerCase();
  for (;;) {
    if (disposableDomains.has(current)) return true;
    const dot = current.indexOf('.');
    if (dot === -1) return false;
    current = current.slice(dot + 1);
  }
}
