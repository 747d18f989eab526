import { referralLevels } from '@uplink/contract/constants';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Records a new member under their sponsor in the closure table: the sponsor at depth 1 and
 * the sponsor's own uplines one level deeper, up to 15. Run it in the registration transaction.
 */
export async function attachToSponsor(db: Kysely<Database>, memberId: string, sponsorId: string): Promise<void> {
  await sql`
    INSERT INTO referral_closure (ancestor_id, descendant_id, depth)
    SELECT ${sponsorId}::uuid, ${memberId}::uuid, 1
    UNION ALL
    SELECT ancestor_id, ${memberId}::uuid, depth + 1
      FROM referral_closure
     WHERE descendant_id = ${sponsorId}::uuid AND depth < ${referralLevels}
  `.execute(db);
}
