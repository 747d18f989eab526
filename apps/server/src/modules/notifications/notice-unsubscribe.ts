import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { errorTexts } from '@uplink/contract/error-codes';
import type {
  NoticeKind,
  NotificationPreferences,
  UnsubscribeLink,
  UnsubscribeLinkState,
  UnsubscribeResult,
} from '@uplink/contract/notifications';
import type { AppContext } from '../../app-context';
import { DomainError } from '../../domain-error';
import { findNotificationPreferences, updateNotificationPreferences } from './notification-preferences';

/**
 * RFC 8058 one-click unsubscribe: every notice mail carries a link that turns its kind off for its
 * member without signing in. The link is signed (HMAC-SHA256 over the member and the kind, under a
 * key of its own derived from the one-time-code key), so it cannot be altered to another member or
 * kind; it does not expire, as a mail client may act on it any time later.
 */
const unsubscribeKey = (codeHmac: Buffer) =>
  Buffer.from(hkdfSync('sha256', codeHmac, 'uplink', 'notice unsubscribe', 32));

function signature(codeHmac: Buffer, memberId: string, kind: NoticeKind): string {
  return createHmac('sha256', unsubscribeKey(codeHmac)).update(`${memberId}\n${kind}`).digest('hex');
}

export const unsubscribePath = '/api/users/notifications/unsubscribe';
/** The web page a notice's body links to: it shows what the link turns off and POSTs it on a click. */
export const unsubscribePagePath = '/unsubscribe';

/**
 * The same signature for the notice jobs' SQL, which signs a whole set of members in one statement:
 * HMAC-SHA256 is sha256(key ^ opad || sha256(key ^ ipad || message)), and PostgreSQL has sha256,
 * so the job passes the two padded keys. A test pins the SQL links to `listUnsubscribeHeaders`.
 */
export function unsubscribeKeyPads(codeHmac: Buffer): { inner: Buffer; outer: Buffer } {
  const key = Buffer.alloc(64);
  unsubscribeKey(codeHmac).copy(key);
  return {
    inner: Buffer.from(key.map((byte) => byte ^ 0x36)),
    outer: Buffer.from(key.map((byte) => byte ^ 0x5c)),
  };
}

type LinkConfig = Pick<AppContext['config'], 'publicUrl' | 'keys'>;

/** `m=…&k=…&s=…`: the member, the kind and their signature, as both the API and the page take them. */
function signedQuery(config: LinkConfig, memberId: string, kind: NoticeKind): string {
  return new URLSearchParams({ m: memberId, k: kind, s: signature(config.keys.codeHmac, memberId, kind) }).toString();
}

/**
 * The `mailto:` alternative of List-Unsubscribe (RFC 2369) for clients that only write mail: a
 * person reads the mailbox, so the subject names the notice kind.
 */
export const unsubscribeMailto = (mailbox: string, kind: NoticeKind) =>
  `mailto:${mailbox}?subject=unsubscribe%20${kind}`;

/**
 * The headers a notice of `kind` to the member carries (essential mail carries none): the signed
 * one-click link first (RFC 8058 acts on the https one), then the mailbox.
 */
export function listUnsubscribeHeaders(
  config: LinkConfig & Pick<AppContext['config'], 'unsubscribeMailbox'>,
  memberId: string,
  kind: NoticeKind,
): Record<'List-Unsubscribe' | 'List-Unsubscribe-Post', string> {
  const url = `${new URL(unsubscribePath, config.publicUrl)}?${signedQuery(config, memberId, kind)}`;
  return {
    'List-Unsubscribe': `<${url}>, <${unsubscribeMailto(config.unsubscribeMailbox, kind)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The page a notice's body links to, with the same signed query: opening it changes nothing. */
export function unsubscribePageUrl(config: LinkConfig, memberId: string, kind: NoticeKind): string {
  return `${new URL(unsubscribePagePath, config.publicUrl)}?${signedQuery(config, memberId, kind)}`;
}

/**
 * The switches of the link's member, once the link is known to be this server's and its member to
 * exist: a member gone (a link older than a restored backup, say) leaves the link void, as a
 * forged one is.
 */
async function linkedPreferences(
  deps: Pick<AppContext, 'db' | 'config'>,
  link: UnsubscribeLink,
): Promise<NotificationPreferences> {
  const expected = Buffer.from(signature(deps.config.keys.codeHmac, link.m, link.k), 'hex');
  const given = Buffer.from(link.s, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new DomainError('INVALID_OR_EXPIRED_TOKEN', errorTexts.INVALID_OR_EXPIRED_TOKEN);
  }
  const preferences = await findNotificationPreferences(deps, link.m);
  if (!preferences) throw new DomainError('INVALID_OR_EXPIRED_TOKEN', 'This link belongs to no account any more.');
  return preferences;
}

/** What the link's page shows before its button is pressed: the kind, and whether it is still on. Changes nothing. */
export async function viewUnsubscribeLink(
  deps: Pick<AppContext, 'db' | 'config'>,
  link: UnsubscribeLink,
): Promise<UnsubscribeLinkState> {
  return { kind: link.k, on: (await linkedPreferences(deps, link))[link.k] };
}

/** Turns the link's kind off for its member; again is a no-op. A link not signed by this server is refused. */
export async function unsubscribeByLink(
  deps: Pick<AppContext, 'db' | 'clock' | 'config'>,
  link: UnsubscribeLink,
): Promise<UnsubscribeResult> {
  const before = await linkedPreferences(deps, link);
  await updateNotificationPreferences(deps, link.m, { [link.k]: false });
  return { kind: link.k, alreadyOff: !before[link.k] };
}
