/**
 * The outages `npm run bench:alerts` causes (bench-alerts.ts), each on a production server of its
 * own, with the alert docs/alerts.yml should raise for it and how soon at worst (the bound the
 * guide's table gives, worked out from the rule).
 */
import { Wallet } from 'ethers';
import { URI } from 'otpauth';
import { type DemoChain, payOnDemoChain } from '../src/chain/demo-chain';
import { openDatabase } from '../src/db/database';
import type { UserRow } from '../src/db/schema';
import { createMember, strongPassword } from '../src/testing/builders';
import type { CuttableProxy } from '../src/testing/cuttable-proxy';
import type { JsonRpcFaultProxy } from '../src/testing/json-rpc-fault-proxy';
import { seedPendingWithdrawals } from '../src/testing/payout-builders';
import type { ServerProcess } from '../src/testing/processes';
import type { startSmtpServer } from '../src/testing/smtp-server';
import { evaluationIntervalS, scrapeIntervalS } from './prometheus-process';

export type Dependency = 'database' | 'redis' | 'chain' | 'smtp';

/** A server, the proxies between it and each service it depends on, and the services it shares with the others. */
export interface Host {
  outage: string;
  server: ServerProcess;
  baseUrl: string;
  /** Its own database, reached directly (not through its proxy): what the bench writes before an outage. */
  databaseUrl: string;
  proxies: Record<Dependency, CuttableProxy>;
  /** Between the server and its chain proxy: fails single JSON-RPC methods. */
  rpc: JsonRpcFaultProxy;
  chain: DemoChain;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
}

/** An alert the guide's table says the outage raises, and how soon it says (worked out from the rule). */
export interface ExpectedAlert {
  alertname: string;
  /** Labels the alert must carry besides its name (the dependency, the job, the mail's kind). */
  labels?: Record<string, string>;
  guideBoundS: number;
}

export interface Outage {
  name: string;
  description: string;
  expected: ExpectedAlert[];
  /** What the outage needs first (a member, a rejected withdrawal): done before the idle round. */
  prepare?(host: Host): Promise<void>;
  cause(host: Host): Promise<void>;
  restore?(host: Host): void;
  /** Without `restore`: what becomes of the alert. */
  unrestored?: string;
}

/** Last scrape before the alert can see it (10 s, plus the scrape's own 2 s check), `for:`, one evaluation. */
export const guideBound = (forS: number) => scrapeIntervalS + 2 + forS + evaluationIntervalS;

/** A counter's alert (`increase(…[1h]) > 0`) stays for the hour of its window: nothing to restore. */
const counted = 'stays the hour of its window';

const dependencyDown = (dependency: Dependency): ExpectedAlert => ({
  alertname: 'UplinkDependencyDown',
  labels: { dependency },
  guideBoundS: guideBound(60),
});
const scannerUnknown: ExpectedAlert = { alertname: 'UplinkDepositScannerUnknown', guideBoundS: guideBound(180) };

const cutDependency = (dependency: Dependency, description: string): Outage => ({
  name: dependency,
  description,
  // Without the chain node or the database, the scrape cannot say how far behind the scanner is.
  expected: [
    dependencyDown(dependency),
    ...(dependency === 'chain' || dependency === 'database' ? [scannerUnknown] : []),
  ],
  async cause(host) {
    host.proxies[dependency].cut('silent');
  },
  restore(host) {
    host.proxies[dependency].restore();
  },
});

async function withHostDatabase<T>(
  host: Host,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const database = await openDatabase({ databaseUrl: host.databaseUrl, pgliteDataDir: 'memory://', poolSize: 2 });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/**
 * A member written as registration writes one, with a deposit address of its own (no other server
 * watches it), and a pending withdrawal of `withdrawal` USDT written as its creation writes one.
 */
const memberOf = (host: Host, withdrawal?: string): Promise<UserRow> =>
  withHostDatabase(host, async (db) => {
    const member = await createMember(db, { columns: { deposit_address: Wallet.createRandom().address } });
    if (withdrawal) await seedPendingWithdrawals(db, member, [withdrawal]);
    return member;
  });

async function call<T>(host: Host, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${host.baseUrl}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${url} answered ${answer.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

const signIn = async (host: Host, email: string, password: string) =>
  (await call<{ token: string }>(host, 'POST', '/users/login', undefined, { email, password })).token;

/** The root administrator's session, its second factor turned on first as production demands. */
async function administratorSession(host: Host): Promise<string> {
  const enrolling = await signIn(host, 'root@uplink.test', 'Root!Pass12345');
  const { otpauthUri } = await call<{ otpauthUri: string }>(host, 'POST', '/admin/totp/enrolment', enrolling);
  const code = URI.parse(otpauthUri).generate();
  return (await call<{ token: string }>(host, 'POST', '/admin/totp/enrolment/confirm', enrolling, { code })).token;
}

/**
 * The mail worker is woken when the code is queued and gives it up at that first attempt: the
 * refusal is for good. Up to one 2 s poll late.
 */
const refusedCodeGivenUpS = 2;

/** A refused mail: the member's mailbox does not exist (550) while a withdrawal code waits for it. */
function mailGivenUp(): Outage {
  let member: { email: string; token: string } | undefined;
  return {
    name: 'mail-failed',
    description: "A withdrawal code is given up (FAILED): the member's mail server refuses it (550)",
    expected: [
      {
        alertname: 'UplinkMailFailed',
        labels: { kind: 'withdrawal-code' },
        guideBoundS: refusedCodeGivenUpS + guideBound(0),
      },
    ],
    unrestored: counted,
    async prepare(host) {
      const { email } = await memberOf(host);
      member = { email, token: await signIn(host, email, strongPassword) };
    },
    async cause(host) {
      if (!member) throw new Error('mail-failed: not prepared');
      host.smtp.state.refusedRecipients.add(member.email.toLowerCase());
      await call(host, 'POST', '/otp/withdrawal/request', member.token);
    },
  };
}

/** Mined on the demo chain (a block a second), confirmed (CONFIRMATIONS 2), read by the next 5 s scan. */
const onChainS = 3 + 2 + 5;

/** The treasury pays a withdrawal an administrator rejected: the reconciliation flags it. */
function paymentFlagged(): Outage {
  let rejected: { walletAddress: string; amount: string } | undefined;
  return {
    name: 'payment-flagged',
    description: 'The treasury pays a withdrawal already rejected',
    expected: [{ alertname: 'UplinkWithdrawalPaymentFlagged', guideBoundS: onChainS + guideBound(0) }],
    unrestored: counted,
    async prepare(host) {
      const member = await memberOf(host, '25');
      const withdrawal = await withHostDatabase(host, (db) =>
        db
          .selectFrom('withdrawals')
          .select(['id', 'wallet_address', 'amount'])
          .where('user_id', '=', member.id)
          .executeTakeFirstOrThrow(),
      );
      await call(host, 'PUT', `/withdrawals/${withdrawal.id}`, await administratorSession(host), {
        status: 'REJECTED',
        reason: 'Wallet on a sanctions list',
      });
      rejected = { walletAddress: withdrawal.wallet_address, amount: String(withdrawal.amount) };
    },
    async cause(host) {
      if (!rejected) throw new Error('payment-flagged: not prepared');
      await payOnDemoChain(host.chain, 'treasury', rejected.walletAddress, rejected.amount);
    },
  };
}

/** Someone sends a member's deposit address more USDT than the ledger holds (10^20): the scanner quarantines the log. */
function depositQuarantined(): Outage {
  let depositAddress: string | undefined;
  return {
    name: 'deposit-quarantined',
    description: 'A deposit of 10^20 USDT is quarantined',
    expected: [{ alertname: 'UplinkDepositQuarantined', guideBoundS: onChainS + guideBound(0) }],
    unrestored: counted,
    async prepare(host) {
      depositAddress = (await memberOf(host)).deposit_address ?? undefined;
    },
    async cause(host) {
      if (!depositAddress) throw new Error('deposit-quarantined: not prepared');
      await payOnDemoChain(host.chain, 'memberWallet', depositAddress, (10n ** 20n).toString());
    },
  };
}

/** Blocks the scanner must fall behind before the rule sees it, at the demo chain's block a second. */
const blocksBehindS = 201;

const scannerBehindAlert: ExpectedAlert = {
  alertname: 'UplinkDepositScannerBehind',
  guideBoundS: blocksBehindS + guideBound(180),
};

/** The chain node answers the head but its log queries hang: the scanner stops while blocks go on. */
const scannerBehind: Outage = {
  name: 'scanner-behind',
  description: "The chain node's log queries hang (the head still answered)",
  expected: [scannerBehindAlert],
  // A member awaiting payment, so the scanner asks for logs.
  prepare: (host) => memberOf(host).then(() => undefined),
  async cause(host) {
    host.rpc.fail('eth_getLogs', 'stalled');
  },
  restore(host) {
    host.rpc.restore();
  },
};

/** The chain node refuses log queries ("limit exceeded"): the deposit scan fails every run until it serves them again. */
const jobFailing: Outage = {
  ...scannerBehind,
  name: 'job-failing',
  description: 'The chain node refuses log queries (an error each time)',
  // The scanner stops as well: it falls behind as when the queries hang.
  expected: [
    { alertname: 'UplinkBackgroundJobFailing', labels: { job_name: 'deposit-scan' }, guideBoundS: guideBound(300) },
    scannerBehindAlert,
  ],
  async cause(host) {
    host.rpc.fail('eth_getLogs', 'refused');
  },
};

export const outages: Outage[] = [
  {
    name: 'server',
    description: 'The server does not answer its scrape (SIGKILL)',
    expected: [{ alertname: 'UplinkDown', guideBoundS: scrapeIntervalS + 10 + 120 + evaluationIntervalS }],
    unrestored: 'not restarted',
    async cause(host) {
      host.server.child.kill('SIGKILL');
    },
  },
  cutDependency('database', 'The database does not answer'),
  cutDependency('redis', 'Redis does not answer'),
  cutDependency('chain', 'The chain node does not answer'),
  {
    ...cutDependency('smtp', 'The SMTP server does not answer, and a mail is waiting'),
    expected: [
      dependencyDown('smtp'),
      // The mail's age is the rule's own wait: 600 s, then a scrape and an evaluation.
      { alertname: 'UplinkMailOutboxStuck', guideBoundS: scrapeIntervalS + 600 + evaluationIntervalS },
    ],
    async cause(host) {
      host.proxies.smtp.cut('silent');
      await call(host, 'POST', '/users/forgot-password', undefined, { email: 'root@uplink.test' });
    },
  },
  mailGivenUp(),
  scannerBehind,
  paymentFlagged(),
  depositQuarantined(),
  jobFailing,
];
