import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { totpChallengeOf } from './totp-challenge';

const refusal = (code: ConstructorParameters<typeof ApiError>[0], data: Record<string, unknown> | null) =>
  new ApiError(code, 'message', 401, { success: false, message: 'message', data, error: 'message', errorCode: code });

describe('totpChallengeOf', () => {
  it('reads the challenge of a TOTP_REQUIRED answer', () => {
    expect(totpChallengeOf(refusal('TOTP_REQUIRED', { challengeToken: 'eyJ.challenge' }))).toBe('eyJ.challenge');
  });

  it('finds none in any other failure, or a TOTP_REQUIRED without one', () => {
    expect(totpChallengeOf(refusal('UNAUTHORIZED', { challengeToken: 'eyJ.challenge' }))).toBeNull();
    expect(totpChallengeOf(refusal('TOTP_REQUIRED', null))).toBeNull();
    expect(totpChallengeOf(refusal('TOTP_REQUIRED', { challengeToken: 42 }))).toBeNull();
    expect(totpChallengeOf(new ApiError('TOTP_REQUIRED', '', 401))).toBeNull();
    expect(totpChallengeOf(new TypeError('x'))).toBeNull();
  });
});
