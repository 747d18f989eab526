import {
  adminTotpTexts,
  type TotpEnrolment,
  totpDigits,
  totpIssuer,
  totpPeriodSeconds,
} from '@uplink/contract/admin-totp';
import QRCode from 'qrcode';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../db/schema';
import { DomainError } from '../../domain-error';
import { savePendingEnrolment } from './admin-totp-repository';
import { newTotpSecret, toBase32 } from './totp';
import { sealTotpSecret } from './totp-secret-box';

/**
 * An administrator starts turning TOTP on: a new secret, kept sealed and waiting for its first
 * code (`confirmTotpEnrolment`), shown as an otpauth URI, its QR code (drawn here: the secret
 * goes to no outside service) and base32 for typing in. Starting again replaces a waiting secret;
 * a factor already on must be turned off first.
 */
export async function startTotpEnrolment(
  deps: Pick<AppContext, 'db' | 'config' | 'clock'>,
  administrator: UserRow,
): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(deps.config.keys.totp, administrator.id, secret);
  if (!(await savePendingEnrolment(deps.db, administrator.id, sealed, deps.clock.now()))) {
    throw new DomainError('INVALID_STATUS', adminTotpTexts.alreadyEnabled);
  }
  const base32 = toBase32(secret);
  const otpauthUri = keyUri(administrator.email, base32);
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: base32, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The Key Uri Format authenticator apps read: `otpauth://totp/Issuer:account?secret=…&issuer=…`. */
function keyUri(email: string, base32Secret: string): string {
  const label = `${encodeURIComponent(totpIssuer)}:${encodeURIComponent(email)}`;
  const parameters = new URLSearchParams({
    secret: base32Secret,
    issuer: totpIssuer,
    algorithm: 'SHA1',
    digits: String(totpDigits),
    period: String(totpPeriodSeconds),
  });
  return `otpauth://totp/${label}?${parameters}`;
}
