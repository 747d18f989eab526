/**
 * Generates a realistic referral network directly in the database, in bulk:
 *
 *   npm run seed:network -- --members 100000 --depth 15 [--under member@example.com]
 *
 * against DATABASE_URL (PostgreSQL) or the embedded PGlite in DATA_DIR. Levels grow
 * geometrically down to `depth`; each member's sponsor is drawn from the level above with a
 * cubic skew, and siblings are laid out in their sponsor's order, so a few members hold huge
 * downlines and most hold few — as in real referral networks. Every seeded member can sign in
 * with the password `seedMemberPassword`.
 *
 * Everything is set-based SQL (generate_series, INSERT … SELECT per level), in one transaction.
 * With a superuser connection the per-row foreign-key and counter triggers are switched off for
 * the load (`session_replication_role = replica`) and every row they would have written is
 * written once at the end — ledger accounts, downline and user counters, the invitees' stages and
 * the funnel's counters — which is several times
 * faster at a million members. Every seeded exchange UID is digits, like a real BingX UID.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { hash } from '@node-rs/argon2';
import { referralCodeAlphabet, referralLevels } from '@uplink/contract/constants';
import { type Kysely, sql } from 'kysely';
import { loadDatabaseSettings } from '../src/config/database-settings';
import { migrateToLatest } from '../src/db/migrator';
import { openOperatorDatabase } from '../src/db/operator-database';
import type { Database } from '../src/db/schema';
import { runOperatorCommand, UsageError } from '../src/operator-command';

export const seedMemberPassword = 'Member!Pass123';

/**
 * Recounts the admin user statistics (`user_counts`, migrations 0050 and 0243) from the members, for loads
 * that ran with the counting triggers switched off.
 */
export async function rebuildUserCounts(db: Kysely<Database>): Promise<void> {
  await sql`DELETE FROM user_counts`.execute(db);
  await sql`
    INSERT INTO user_counts (status, email_verified, ever_paid, exchange_linked, members)
    SELECT status, is_email_verified, subscription_paid_at IS NOT NULL, bingx_uid IS NOT NULL, count(*)
      FROM users WHERE deleted_at IS NULL AND NOT is_admin
     GROUP BY 1, 2, 3, 4`.execute(db);
}

export interface NetworkSeedOptions {
  /** Members to create, the network's root included when there is no `underEmail`. */
  members: number;
  /** Levels below the root (1..15). */
  depth: number;
  /** Attach the network below this existing member instead of creating a new root. */
  underEmail?: string;
  log?: (line: string) => void;
}

export interface NetworkSeedResult {
  rootId: string;
  rootEmail: string;
  created: number;
  levelSizes: number[];
  seconds: number;
}

const firstNames = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Emma',
  'Lucas',
  'Sofia',
  'Mateo',
  'Aria',
  'Ethan',
  'Lena',
  'Omar',
  'Yuki',
  'Ivan',
  'Zara',
  'Kofi',
];
const lastNames = [
  'Nguyen',
  'Smith',
  'Garcia',
  'Kowalski',
  'Okafor',
  'Tanaka',
  'Silva',
  'Müller',
  'Haddad',
  'Rossi',
  'Kim',
  'Petrov',
  'Ali',
  'Dubois',
  'Costa',
  'Sato',
];

/** Sizes of levels 1..depth: geometric growth from 3 direct referrals, summing exactly to `total`. */
export function levelSizes(total: number, depth: number): number[] {
  if (total <= 0) return [];
  const levels = Math.min(depth, total);
  const first = Math.min(3, total);
  const sum = (ratio: number) =>
    Array.from({ length: levels }, (_, index) => first * ratio ** index).reduce((a, b) => a + b, 0);
  let low = 1;
  let high = 64;
  for (let step = 0; step < 100; step += 1) {
    const middle = (low + high) / 2;
    if (sum(middle) < total) low = middle;
    else high = middle;
  }
  const sizes = Array.from({ length: levels }, (_, index) => Math.max(1, Math.round(first * low ** index)));
  const overshoot = sizes.reduce((a, b) => a + b, 0) - total;
  sizes[levels - 1] = Math.max(1, (sizes[levels - 1] ?? 1) - overshoot);
  // Rounding can still leave a few members over; take them from the widest levels.
  for (let index = levels - 1; sizes.reduce((a, b) => a + b, 0) > total && index >= 0; index -= 1) {
    sizes[index] = Math.max(1, (sizes[index] ?? 1) - (sizes.reduce((a, b) => a + b, 0) - total));
  }
  return sizes;
}

export async function seedNetwork(db: Kysely<Database>, options: NetworkSeedOptions): Promise<NetworkSeedResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const depth = Math.min(Math.max(1, Math.floor(options.depth)), referralLevels);
  const passwordHash = await hash(seedMemberPassword);
  const run = randomBytes(3).toString('hex');
  // UIDs of this run: uidBase + member number (the root is 0), 11 to 18 digits, apart between runs.
  const uidBase = (BigInt(Number.parseInt(run, 16)) + 1n) * 10_000_000_000n;
  // Referral codes: an affine map of the member's number modulo 31^8 is a bijection, so codes
  // within a run never collide; the random offset keeps runs apart.
  const codeSpace = 31n ** 8n;
  const codeOffset = BigInt(`0x${randomBytes(5).toString('hex')}`) % codeSpace;

  return db.transaction().execute(async (trx) => {
    const fastLoad = await trySql(trx, sql`SET LOCAL session_replication_role = replica`);
    log(fastLoad ? 'bulk mode: triggers off during the load' : 'not a superuser: loading with triggers on');

    let root: { id: string; email: string; created_at: Date };
    let toCreate = options.members;
    if (options.underEmail) {
      root = await trx
        .selectFrom('users')
        .select(['id', 'email', 'created_at'])
        .where(sql`lower(email)`, '=', options.underEmail.toLowerCase())
        .executeTakeFirstOrThrow(() => new Error(`No member with e-mail ${options.underEmail}`));
    } else {
      root = await trx
        .insertInto('users')
        .values({
          first_name: 'Network',
          last_name: 'Root',
          email: `network-root-${run}@seed.uplink.test`,
          password_hash: passwordHash,
          referral_code: referralCode(codeOffset, 0),
          is_email_verified: true,
          bingx_uid: uidBase.toString(),
          subscription_paid_at: sql`now() - interval '729 days'`,
          subscription_period_ends_at: sql`now() + interval '1 year'`,
          subscription_amount: 10,
          created_at: sql`now() - interval '730 days'`,
        })
        .returning(['id', 'email', 'created_at'])
        .executeTakeFirstOrThrow();
      toCreate -= 1;
    }

    const sizes = levelSizes(toCreate, depth);
    await sql`
      CREATE TEMPORARY TABLE seed_level (
        level int, pos bigint, id uuid, sponsor_id uuid, joined_at timestamptz,
        status text, subscription_paid boolean, bingx_linked boolean, PRIMARY KEY (level, pos)
      ) ON COMMIT DROP`.execute(trx);
    await sql`INSERT INTO seed_level (level, pos, id, joined_at) VALUES (0, 0, ${root.id}, ${root.created_at})`.execute(
      trx,
    );
    // The root's own uplines, when the network goes below an existing member.
    await sql`
      CREATE TEMPORARY TABLE seed_uplines_0 ON COMMIT DROP AS
      SELECT descendant_id, ancestor_id, depth FROM referral_closure WHERE descendant_id = ${root.id}`.execute(trx);

    const deferredIndexes = fastLoad ? await dropClosureIndexesWhenEmpty(trx) : [];
    if (deferredIndexes.length > 0) log('empty network: closure indexes are built after the load');

    let numberedBefore = 0;
    for (const [index, size] of sizes.entries()) {
      const level = index + 1;
      const levelStarted = performance.now();
      await placeLevel(trx, level, size, sizes[index - 1] ?? 1);
      await insertMembers(trx, { level, run, uidBase, passwordHash, codeOffset, numberedBefore });
      await insertClosure(trx, level);
      numberedBefore += size;
      log(`level ${level}: ${size} members (${Math.round(performance.now() - levelStarted)} ms)`);
    }

    for (const definition of deferredIndexes) {
      const indexStarted = performance.now();
      await sql.raw(definition).execute(trx);
      log(`${definition} (${Math.round(performance.now() - indexStarted)} ms)`);
    }
    if (fastLoad) {
      const rebuildStarted = performance.now();
      // What ledger_accounts_open would have done: every member has an account from the start.
      await sql`INSERT INTO ledger_accounts (user_id) SELECT id FROM seed_level ON CONFLICT (user_id) DO NOTHING`.execute(
        trx,
      );
      await sql`DELETE FROM referral_downline_counts`.execute(trx);
      await sql`
        INSERT INTO referral_downline_counts (ancestor_id, depth, member_status, subscription_paid, bingx_linked, members)
        SELECT ancestor_id, depth, member_status, member_subscription_paid, member_bingx_linked, count(*)
          FROM referral_closure
         GROUP BY 1, 2, 3, 4, 5`.execute(trx);
      await rebuildUserCounts(trx);
      // The invitees' stages and the funnel's counters, by their own triggers (back on for this).
      await sql`SET LOCAL session_replication_role = origin`.execute(trx);
      await sql`SELECT refresh_invitee_stages(ARRAY(SELECT id FROM seed_level WHERE level > 0))`.execute(trx);
      log(
        `ledger accounts opened, downline, user and funnel counters rebuilt (${Math.round(performance.now() - rebuildStarted)} ms)`,
      );
    }
    return {
      rootId: root.id,
      rootEmail: root.email,
      created: sizes.reduce((a, b) => a + b, 0) + (options.underEmail ? 0 : 1),
      levelSizes: sizes,
      seconds: (performance.now() - started) / 1000,
    };
  });
}

/** Odd and prime to 31, so `n → (offset + n × multiplier) mod 31^8` never repeats within a run. */
const codeMultiplier = 2654435761n;

function referralCode(codeOffset: bigint, memberNumber: number): string {
  let value = (codeOffset + BigInt(memberNumber) * codeMultiplier) % 31n ** 8n;
  let code = '';
  for (let index = 0; index < 8; index += 1) {
    code = referralCodeAlphabet[Number(value % 31n)] + code;
    value /= 31n;
  }
  return code;
}

/**
 * Draws a sponsor for each new member of `level` from the level above with a cubic skew, then
 * numbers the new members in their sponsor's order: the children of big sponsors come first
 * and, drawn often in turn, become the next big sponsors. Joined dates follow the sponsor's;
 * 97% ACTIVE, 2% LOCKED, 1% DISABLED; 85% paid; 75% with a linked exchange UID.
 */
async function placeLevel(trx: Kysely<Database>, level: number, size: number, sponsorsAbove: number): Promise<void> {
  await sql`
    INSERT INTO seed_level (level, pos, id, sponsor_id, joined_at, status, subscription_paid, bingx_linked)
    SELECT ${level}, row_number() OVER (ORDER BY drawn.sponsor_pos, drawn.draw) - 1, gen_random_uuid(), sponsor.id,
           sponsor.joined_at + (now() - sponsor.joined_at) * (0.02 + 0.5 * random()),
           CASE WHEN drawn.status_draw < 0.02 THEN 'LOCKED' WHEN drawn.status_draw < 0.03 THEN 'DISABLED' ELSE 'ACTIVE' END,
           random() < 0.85, random() < 0.75
      FROM (SELECT floor(${sponsorsAbove} * power(random(), 3))::bigint AS sponsor_pos, random() AS draw,
                   random() AS status_draw
              FROM generate_series(1, ${size})) AS drawn
      JOIN seed_level sponsor ON sponsor.level = ${level - 1} AND sponsor.pos = drawn.sponsor_pos`.execute(trx);
  // Temporary tables have no statistics until analysed; without them the joins go quadratic.
  await sql`ANALYZE seed_level`.execute(trx);
}

interface LevelInsert {
  level: number;
  run: string;
  uidBase: bigint;
  passwordHash: string;
  codeOffset: bigint;
  numberedBefore: number;
}

/** Base-31 digits of `value`, most significant first, as one SQL string expression. */
function referralCodeSql(value: ReturnType<typeof sql>) {
  const digits = Array.from(
    { length: 8 },
    (_, index) =>
      sql`substr(${referralCodeAlphabet}, ((${value} / ${(31n ** BigInt(7 - index)).toString()}::bigint) % 31)::int + 1, 1)`,
  );
  return sql.join(digits, sql` || `);
}

async function insertMembers(trx: Kysely<Database>, insert: LevelInsert): Promise<void> {
  const { level, run, uidBase, passwordHash, codeOffset, numberedBefore } = insert;
  const memberNumber = sql`(${numberedBefore + 1}::bigint + m.pos)`;
  const codeValue = sql`((${codeOffset.toString()}::bigint + ${memberNumber} * ${codeMultiplier.toString()}::bigint) % ${(31n ** 8n).toString()}::bigint)`;
  await sql`
    INSERT INTO users (id, first_name, last_name, email, password_hash, referral_code, sponsor_id, is_email_verified,
                       status, bingx_uid, subscription_paid_at, subscription_period_ends_at, subscription_amount,
                       created_at, updated_at)
    SELECT m.id,
           (${firstNames}::text[])[1 + floor(random() * ${firstNames.length})::int],
           (${lastNames}::text[])[1 + floor(random() * ${lastNames.length})::int],
           'm' || ${level} || '-' || m.pos || '-' || ${run} || '@seed.uplink.test',
           ${passwordHash},
           ${referralCodeSql(codeValue)},
           m.sponsor_id,
           true,
           m.status,
           CASE WHEN m.bingx_linked THEN (${uidBase.toString()}::bigint + ${memberNumber})::text END,
           CASE WHEN m.subscription_paid THEN m.joined_at + interval '2 hours' END,
           CASE WHEN m.subscription_paid THEN m.joined_at + interval '2 hours' + interval '365 days' END,
           CASE WHEN m.subscription_paid THEN 10 END,
           m.joined_at,
           m.joined_at
      FROM seed_level m
     WHERE m.level = ${level}`.execute(trx);
}

/**
 * Closure rows of one level, set-based: the sponsor at depth 1 plus the sponsor's uplines one
 * deeper. The uplines of the level above are kept in a small temporary table, so each level is
 * one hash join of two analysed tables, never a lookup per member.
 */
async function insertClosure(trx: Kysely<Database>, level: number): Promise<void> {
  const uplines = sql.table(`seed_uplines_${level}`);
  const uplinesAbove = sql.table(`seed_uplines_${level - 1}`);
  await sql`
    CREATE TEMPORARY TABLE ${uplines} ON COMMIT DROP AS
    SELECT m.id AS descendant_id, m.sponsor_id AS ancestor_id, 1 AS depth
      FROM seed_level m
     WHERE m.level = ${level}
    UNION ALL
    SELECT m.id, above.ancestor_id, above.depth + 1
      FROM seed_level m
      JOIN ${uplinesAbove} above ON above.descendant_id = m.sponsor_id
     WHERE m.level = ${level} AND above.depth < ${referralLevels}`.execute(trx);
  await sql`ANALYZE ${uplines}`.execute(trx);
  await sql`DROP TABLE ${uplinesAbove}`.execute(trx);
  await sql`
    INSERT INTO referral_closure (ancestor_id, descendant_id, depth, member_status, member_joined_at,
                                  member_subscription_paid, member_bingx_linked)
    SELECT u.ancestor_id, u.descendant_id, u.depth, m.status, m.joined_at, m.subscription_paid, m.bingx_linked
      FROM ${uplines} u
      JOIN seed_level m ON m.id = u.descendant_id
     WHERE m.level = ${level}`.execute(trx);
}

/**
 * Loading millions of closure rows into an empty table is several times faster with its
 * secondary indexes built afterwards; their definitions are read back from the catalogue, so
 * they come back exactly as the migrations made them.
 */
async function dropClosureIndexesWhenEmpty(trx: Kysely<Database>): Promise<string[]> {
  const existing = await trx.selectFrom('referral_closure').select('depth').limit(1).executeTakeFirst();
  if (existing) return [];
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'referral_closure'
       AND indexname <> 'referral_closure_pkey'`.execute(trx);
  for (const index of rows) await sql`DROP INDEX ${sql.id(index.indexname)}`.execute(trx);
  return rows.map((index) => index.indexdef);
}

async function trySql(trx: Kysely<Database>, statement: ReturnType<typeof sql>): Promise<boolean> {
  try {
    await sql`SAVEPOINT seed_probe`.execute(trx);
    await statement.execute(trx);
    await sql`RELEASE SAVEPOINT seed_probe`.execute(trx);
    return true;
  } catch {
    await sql`ROLLBACK TO SAVEPOINT seed_probe`.execute(trx);
    return false;
  }
}

/** `npm run seed:network`: an operator's (or a benchmark's) network load, through the operator command runner. */
function seedNetworkCommand(): Promise<void> {
  return runOperatorCommand({
    name: 'seed:network',
    usage: 'npm run seed:network -- [--members N] [--depth 1..15] [--under member@example.com]',
    summary: `Writes a skewed referral network of N members (default 1000), DEPTH levels deep (default ${referralLevels}), straight into the database in one transaction, below a new root or an existing member; migrates the database first. Every seeded member signs in with ${seedMemberPassword}. With the embedded database, stop the server first.`,
    settings: [
      'DATABASE_URL (PostgreSQL), or DATA_DIR for the embedded database',
      'DATABASE_WAIT_TIMEOUT_MS',
      'nothing else',
    ],
    options: {
      members: { type: 'string', default: '1000' },
      depth: { type: 'string', default: String(referralLevels) },
      under: { type: 'string' },
    },
    async run({ values }) {
      const members = Number(values.members);
      const depth = Number(values.depth);
      if (
        !Number.isInteger(members) ||
        members < 1 ||
        !Number.isInteger(depth) ||
        depth < 1 ||
        depth > referralLevels
      ) {
        throw new UsageError(`--members must be a positive integer and --depth 1..${referralLevels}`);
      }
      const settings = loadDatabaseSettings();
      const database = await openOperatorDatabase(settings, 'any');
      try {
        await migrateToLatest(database.db);
        console.log(
          `Seeding ${members} members, ${depth} levels deep, into ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${settings.dataDir})`}`,
        );
        const under = typeof values.under === 'string' ? values.under : undefined;
        const result = await seedNetwork(database.db, { members, depth, underEmail: under, log: console.log });
        console.log(
          `Created ${result.created} members in ${result.seconds.toFixed(1)} s below ${result.rootEmail}` +
            ` (level sizes ${result.levelSizes.join(', ')}). Every seeded member signs in with ${seedMemberPassword}.`,
        );
      } finally {
        await database.close();
      }
      return 0;
    },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await seedNetworkCommand();
}
