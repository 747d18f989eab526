import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { errorTexts } from '@uplink/contract/error-codes';
import type { NoticeKind } from '@uplink/contract/notifications';
import type { AppContext } from '../../app-context';
import { DomainError } from '../../domain-error';
import { updateNotificationPreferences } from './notification-preferences';

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

/** The headers a notice of `kind` to the member carries (essential mail carries none). */
export function listUnsubscribeHeaders(
  config: Pick<AppContext['config'], 'publicUrl' | 'keys'>,
  memberId: string,
  kind: NoticeKind,
): Record<'List-Unsubscribe' | 'List-Unsubscribe-Post', string> {
  const url = new URL(unsubscribePath, config.publicUrl);
  url.search = new URLSearchParams({
    m: memberId,
    k: kind,
    s: signature(config.keys.codeHmac, memberId, kind),
  }).toString();
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Turns the link's kind off for its member; again is a no-op. A link not signed by this server is refused. */
export async function unsubscribeByLink(
  deps: Pick<AppContext, 'db' | 'clock' | 'config'>,
  link: { m: string; k: NoticeKind; s: string },
): Promise<void> {
  const expected = Buffer.from(signature(deps.config.keys.codeHmac, link.m, link.k), 'hex');
  const given = Buffer.from(link.s, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new DomainError('INVALID_OR_EXPIRED_TOKEN', errorTexts.INVALID_OR_EXPIRED_TOKEN);
  }
  await updateNotificationPreferences(deps, link.m, { [link.k]: false });
}
