import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { signedQuery } from './bingx-request-signing';
import {
  type CopyTradingLine,
  type ExchangeGateway,
  ExchangeUnavailableError,
  type InviteeCheck,
  type StatementPeriod,
} from './exchange-gateway';

export interface BingxAgentClientOptions {
  apiKey: string;
  apiSecret: string;
  baseUrl: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts after the first on 5xx, 429, rate-limit codes and network errors. */
  retries?: number;
  /** First backoff; doubles each retry (a Retry-After header wins when longer). */
  backoffMs?: number;
  /** BingX allows about 5 requests a second per key; calls are spaced at least this far apart. */
  minIntervalMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** BingX answers `code: 0` on success; these codes mean "slow down" and are retried like HTTP 429. */
const rateLimitCodes = new Set([100410, 100429]);

/** Defensive: every field is optional and loosely typed; BingX has sent numbers and strings for the same field. */
const looseBoolean = z.union([z.boolean(), z.string(), z.number()]).nullish();
const inviteRelationSchema = z.object({
  code: z.coerce.number(),
  msg: z.string().nullish(),
  data: z
    .object({
      uid: z.union([z.string(), z.number()]).nullish(),
      inviteResult: looseBoolean,
      kycResult: looseBoolean,
      balanceVolume: z.union([z.string(), z.number()]).nullish(),
      deposit: looseBoolean,
      trade: looseBoolean,
    })
    .nullish(),
});

/** "true"/true/1 only; kycResult in particular is the STRING "false" when KYC is incomplete. */
function isTrue(value: z.infer<typeof looseBoolean>): boolean {
  if (typeof value === 'string') return value.trim().toLowerCase() === 'true';
  if (typeof value === 'number') return value === 1;
  return value === true;
}

function decimalOrZero(value: string | number | null | undefined): string {
  try {
    const amount = new Decimal(value ?? 0);
    return amount.isFinite() && amount.gte(0) ? amount.toFixed() : '0';
  } catch {
    return '0';
  }
}

/**
 * One page of daily commission data per invitee. BingX documents per invitee and day
 * `tradingVolume`, `commissionVolume` and the same per business line; copy trading is
 * `extCopyTradingVolume` and `extCopyCommissionVolume`. It documents no profit-share field, so the
 * statement's basis is `extCopyCommissionVolume` (DESIGN.md section 5), and only documented fields
 * are read: a field absent or not a number counts as 0, so an unexpected shape never invents money.
 */
const commissionPageSchema = z.object({
  code: z.coerce.number(),
  msg: z.string().nullish(),
  data: z
    .object({
      total: z.coerce.number().nullish(),
      list: z
        .array(
          z.object({
            uid: z.union([z.string(), z.number()]).nullish(),
            extCopyCommissionVolume: z.union([z.string(), z.number()]).nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});

/** The agent API answers at most 100 rows a page and at most 30 days a query. */
const commissionPageSize = 100;
const commissionWindowMs = 30 * 86_400_000;

class RetryableAnswer extends Error {
  constructor(
    message: string,
    readonly retryAfterMs = 0,
  ) {
    super(message);
  }
}

/** The real exchange gateway: the BingX agent (affiliate) API, signed with our key. */
export class BingxAgentClient implements ExchangeGateway {
  readonly kind = 'bingx' as const;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private nextSlot = 0;

  constructor(private readonly options: BingxAgentClientOptions) {
    this.fetch = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
  }

  async checkInvitee(uid: string): Promise<InviteeCheck> {
    const body = await this.signedGet('/openApi/agent/v1/account/inviteRelationCheck', { uid });
    const parsed = inviteRelationSchema.safeParse(body);
    if (!parsed.success) throw new ExchangeUnavailableError('BingX answered an unexpected inviteRelationCheck shape');
    const { code, msg, data } = parsed.data;
    if (code !== 0) throw new ExchangeUnavailableError(`BingX inviteRelationCheck failed: ${code} ${msg ?? ''}`.trim());
    if (!data) throw new ExchangeUnavailableError('BingX inviteRelationCheck answered without data');
    return {
      invited: isTrue(data.inviteResult),
      kycComplete: isTrue(data.kycResult),
      balanceUsdt: decimalOrZero(data.balanceVolume),
    };
  }

  /** Daily copy-trading commission (`extCopyCommissionVolume`) per invitee over the period, summed per UID (every page, 30-day windows). */
  async copyTradingStatement(period: StatementPeriod): Promise<CopyTradingLine[]> {
    const totals = new Map<string, Decimal>();
    for (let from = period.startsAt.getTime(); from < period.endsAt.getTime(); from += commissionWindowMs) {
      const to = Math.min(from + commissionWindowMs, period.endsAt.getTime()) - 1;
      for (let pageIndex = 1; ; pageIndex += 1) {
        const rows = await this.commissionPage(from, to, pageIndex);
        for (const row of rows) {
          const uid = row.uid === null || row.uid === undefined ? '' : String(row.uid).trim();
          if (!/^\d{1,20}$/.test(uid)) continue;
          totals.set(uid, (totals.get(uid) ?? new Decimal(0)).plus(decimalOrZero(row.extCopyCommissionVolume)));
        }
        if (rows.length < commissionPageSize) break;
      }
    }
    return [...totals].map(([uid, amount]) => ({
      uid,
      masterAmount: amount.toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed(),
    }));
  }

  private async commissionPage(startTime: number, endTime: number, pageIndex: number) {
    const body = await this.signedGet('/openApi/agent/v2/reward/commissionDataList', {
      startTime: String(startTime),
      endTime: String(endTime),
      pageIndex: String(pageIndex),
      pageSize: String(commissionPageSize),
    });
    const parsed = commissionPageSchema.safeParse(body);
    if (!parsed.success) throw new ExchangeUnavailableError('BingX answered an unexpected commissionDataList shape');
    const { code, msg, data } = parsed.data;
    if (code !== 0) throw new ExchangeUnavailableError(`BingX commissionDataList failed: ${code} ${msg ?? ''}`.trim());
    return data?.list ?? [];
  }

  /** One signed GET with timeout, spacing and retries; resolves to the parsed JSON body. */
  private async signedGet(path: string, params: Record<string, string>): Promise<unknown> {
    const retries = this.options.retries ?? 3;
    const backoffMs = this.options.backoffMs ?? 500;
    let lastProblem = 'no attempt made';
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1));
      try {
        return await this.attempt(path, params);
      } catch (error) {
        if (!(error instanceof RetryableAnswer)) throw error;
        lastProblem = error.message;
        if (error.retryAfterMs > 0 && attempt < retries) await sleep(error.retryAfterMs);
      }
    }
    throw new ExchangeUnavailableError(`BingX did not answer after ${retries + 1} attempts: ${lastProblem}`);
  }

  private async attempt(path: string, params: Record<string, string>): Promise<unknown> {
    await this.waitForSlot();
    const query = signedQuery({ ...params, timestamp: this.now() }, this.options.apiSecret);
    let response: Response;
    try {
      response = await this.fetch(`${this.options.baseUrl}${path}?${query}`, {
        headers: { 'X-BX-APIKEY': this.options.apiKey },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 8000),
      });
    } catch (error) {
      throw new RetryableAnswer(`network error: ${(error as Error).message}`);
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new RetryableAnswer(`HTTP ${response.status}`, retryAfterMs(response.headers.get('retry-after')));
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ExchangeUnavailableError(`BingX answered HTTP ${response.status} without JSON`);
    }
    const code = Number((body as { code?: unknown } | null)?.code);
    if (rateLimitCodes.has(code)) throw new RetryableAnswer(`rate limited (code ${code})`);
    if (!response.ok) throw new ExchangeUnavailableError(`BingX answered HTTP ${response.status}`);
    return body;
  }

  /** Spaces calls from this process so a burst of onboardings stays under BingX's per-key limit. */
  private async waitForSlot(): Promise<void> {
    const interval = this.options.minIntervalMs ?? 200;
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + interval;
    if (slot > now) await sleep(slot - now);
  }
}

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) * 1000 : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
