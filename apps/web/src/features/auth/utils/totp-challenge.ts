import { totpChallengeSchema } from '@uplink/contract/admin-totp';
import { ApiError } from '../../../lib/api-error';

/**
 * The challenge of a sign-in refused with TOTP_REQUIRED (the password was right; an
 * administrator's code is still needed), or null for any other outcome.
 */
export function totpChallengeOf(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || failure.code !== 'TOTP_REQUIRED') return null;
  const challenge = totpChallengeSchema.safeParse(failure.envelope?.data);
  return challenge.success ? challenge.data.challengeToken : null;
}
