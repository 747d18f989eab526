import { adminTotpTexts } from '@uplink/contract/admin-totp';
import { DomainError } from '../../domain-error';

/** A wrong, expired or already used code or recovery code. */
export const invalidCode = () => new DomainError('INVALID_TOTP', adminTotpTexts.invalidCode);
export const totpNotEnabled = () => new DomainError('INVALID_STATUS', adminTotpTexts.notEnabled);
