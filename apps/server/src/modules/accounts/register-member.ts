import type { registerRequestSchema } from '@uplink/contract/accounts';
import { accountMessages, type RegistrationResult } from '@uplink/contract/accounts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/constraint-violations';
import { DomainError } from '../../domain-error';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { attachToSponsor } from '../referrals/referral-closure-repository';
import { findSponsorByReferralCode } from '../referrals/sponsor-by-code';
import { normalizeEmail } from '../risk/email-identity';
import { evaluateRegistration } from '../risk/evaluate-risk';
import { recordRegistrationClientAddress } from '../risk/risk-signals-repository';
import { verificationMail } from './account-mails';
import { findUserByEmail, insertUser, setDepositAddress } from './account-repository';
import { issueAccountToken, tokenLifetimeMs } from './account-tokens';
import { depositAddressFor } from './deposit-addresses';
import { hashPassword } from './password-hashing';
import { newReferralCode } from './referral-codes';

export type Registration = z.output<typeof registerRequestSchema>;

const referralCodeAttempts = 5;

const userExists = () => new DomainError('USER_EXISTS', accountMessages.userExists);

/**
 * Registers a member under the sponsor whose code they were given. The user, their place in the
 * sponsor tree, their deposit address, the verification token and the verification e-mail are
 * written in one transaction: either the member exists completely or not at all. The risk rules
 * of a registration are evaluated in it too, from the client address the request came from (as
 * resolved behind the trusted proxies). A code that names no sponsor (`findSponsorByReferralCode`:
 * a member or the network root) is refused.
 */
export async function registerMember(
  deps: Pick<AppContext, 'db' | 'config' | 'mailWorker' | 'clock'>,
  input: Registration,
  clientAddress: string,
): Promise<RegistrationResult> {
  const { db, config } = deps;
  const sponsor = await findSponsorByReferralCode(db, input.referredByCode);
  if (!sponsor) throw new DomainError('INVALID_REFERRAL_CODE', accountMessages.invalidReferralCode);
  // A cheap early answer; the unique index on lower(email) still decides under concurrency.
  if (await findUserByEmail(db, input.email)) throw userExists();

  const passwordHash = await hashPassword(input.password);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction().execute(async (trx) => {
        const member = await insertUser(trx, {
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          password_hash: passwordHash,
          referral_code: newReferralCode(),
          sponsor_id: sponsor.id,
          normalized_email: normalizeEmail(input.email),
          registered_through_link: input.throughLink ?? false,
        });
        await setDepositAddress(trx, member.id, deriveDepositAddress(config.depositXpub, member.seq));
        await attachToSponsor(trx, member.id, sponsor.id);
        await recordRegistrationClientAddress(trx, member.id, clientAddress, member.created_at);
        await evaluateRegistration(
          trx,
          config.risk,
          {
            id: member.id,
            email: member.email,
            normalizedEmail: normalizeEmail(member.email),
            sponsorId: sponsor.id,
            registeredAt: member.created_at,
            clientAddress,
          },
          deps.clock.now(),
        );
        const token = await issueAccountToken(trx, member.id, 'EMAIL_VERIFICATION');
        await enqueueMail(
          trx,
          member.email,
          verificationMail({ firstName: member.first_name }, config.publicUrl, token),
          { oneTime: { kind: 'email-verification', validForMs: tokenLifetimeMs.EMAIL_VERIFICATION } },
        );
      });
      break;
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_key')) throw userExists();
      // Two members drew the same code: rare (31^8 codes), so drawing again is enough.
      if (isUniqueViolation(error, 'users_referral_code_key') && attempt < referralCodeAttempts) continue;
      throw error;
    }
  }
  deps.mailWorker.wake();
  return { email: input.email, firstName: input.firstName, lastName: input.lastName };
}

function deriveDepositAddress(depositXpub: string, seq: string): string {
  try {
    return depositAddressFor(depositXpub, seq);
  } catch {
    throw new DomainError('WALLET_CREATION_FAILED', accountMessages.walletCreationFailed);
  }
}
