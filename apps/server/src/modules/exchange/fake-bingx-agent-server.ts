import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BingxAgentClient } from './bingx-agent-client';

/** What the agent API reports for one invitee, in BingX's own loose shapes. */
export interface FakeInvitee {
  inviteResult: boolean;
  /** BingX sends a STRING here. */
  kycResult: 'true' | 'false';
  balanceVolume: string;
}

/** One day of one invitee's commission: what commissionDataList reports, by business line. */
export interface FakeCommissionDay {
  uid: string;
  /** Milliseconds; the day the commission was earned. */
  time: number;
  /** The copy-trading commission in USDT, a decimal string as BingX sends it. */
  extCopyCommissionVolume: string;
  extCopyTradingVolume?: string;
  /** Other business lines, to show they are not read as copy trading. */
  swapTradingVolume?: string;
  swapCommissionVolume?: string;
  invitationCode?: string;
}

/** Σ of decimal strings, for the documented totals; a malformed part (a test's poison) makes the total '0'. */
function sumOf(...parts: string[]): string {
  if (!parts.every((part) => /^\d+(\.\d+)?$/.test(part))) return '0';
  const scale = 8;
  const total = parts.reduce((sum, part) => {
    const [whole = '0', fraction = ''] = part.split('.');
    return sum + BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  }, 0n);
  const text = total.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/**
 * A row exactly as BingX documents it for `GET /openApi/agent/v2/reward/commissionDataList`: the
 * invitee, the day, the totals and each business line's trading and commission volume, amounts
 * as strings. No other field (in particular, no profit share).
 */
function documentedRow(day: FakeCommissionDay) {
  const line = (value: string | undefined) => value ?? '0';
  return {
    uid: Number(day.uid),
    invitationCode: day.invitationCode ?? 'UPLINK01',
    commissionTime: day.time,
    tradingVolume: sumOf(line(day.extCopyTradingVolume), line(day.swapTradingVolume)),
    commissionVolume: sumOf(day.extCopyCommissionVolume, line(day.swapCommissionVolume)),
    spotTradingVolume: '0',
    swapTradingVolume: line(day.swapTradingVolume),
    stdTradingVolume: '0',
    extCopyTradingVolume: line(day.extCopyTradingVolume),
    mt5TradingVolume: '0',
    spotCommissionVolume: '0',
    swapCommissionVolume: line(day.swapCommissionVolume),
    stdCommissionVolume: '0',
    extCopyCommissionVolume: day.extCopyCommissionVolume,
    mt5CommissionVolume: '0',
  };
}

export interface FakeReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * A local HTTP server speaking the BingX agent endpoints the gateway uses, for tests: it checks
 * the API key header and the HMAC signature exactly as BingX does, and answers from `invitees` and
 * `commissionDays` (pages of at most 100 rows, windows of at most 30 days).
 * Replies queued in `failNext` are served first (5xx, 429, rate-limit codes…).
 */
export class FakeBingxAgentServer {
  readonly invitees = new Map<string, FakeInvitee>();
  readonly commissionDays: FakeCommissionDay[] = [];
  /** The query strings of commissionDataList requests, in order (signature stripped). */
  readonly commissionQueries: URLSearchParams[] = [];
  readonly failNext: FakeReply[] = [];
  requests = 0;
  private server: Server | null = null;

  constructor(
    readonly apiKey: string,
    readonly apiSecret: string,
  ) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      this.requests += 1;
      const reply = this.answer(request.url ?? '/', request.headers['x-bx-apikey']);
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      response.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The real client pointed at this fake, with a test's short backoff and no spacing. */
  clientFor(baseUrl: string): BingxAgentClient {
    return new BingxAgentClient({
      apiKey: this.apiKey,
      apiSecret: this.apiSecret,
      baseUrl,
      backoffMs: 1,
      minIntervalMs: 0,
      retries: 2,
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(url: string, apiKey: string | string[] | undefined): FakeReply {
    const queued = this.failNext.shift();
    if (queued) return queued;
    const [path, query = ''] = url.split('?');
    if (path !== inviteRelationPath && path !== commissionPath) return { status: 404, body: { code: 404 } };
    if (apiKey !== this.apiKey) return { status: 200, body: { code: 100001, msg: 'api key invalid' } };
    const signatureAt = query.lastIndexOf('&signature=');
    const signed = query.slice(0, signatureAt);
    const signature = Buffer.from(query.slice(signatureAt + '&signature='.length));
    const expected = Buffer.from(createHmac('sha256', this.apiSecret).update(signed).digest('hex'));
    if (signatureAt < 0 || signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      return { status: 200, body: { code: 100001, msg: 'Signature verification failed' } };
    }
    const params = new URLSearchParams(signed);
    if (path === commissionPath) return this.commissionPage(params);
    const uid = params.get('uid') ?? '';
    const invitee = this.invitees.get(uid);
    const data = invitee
      ? { uid, ...invitee, deposit: true, trade: true }
      : { uid, inviteResult: false, kycResult: 'false', balanceVolume: '0', deposit: false, trade: false };
    return { status: 200, body: { code: 0, msg: '', data } };
  }

  private commissionPage(params: URLSearchParams): FakeReply {
    this.commissionQueries.push(params);
    const startTime = Number(params.get('startTime'));
    const endTime = Number(params.get('endTime'));
    const pageIndex = Number(params.get('pageIndex'));
    const pageSize = Number(params.get('pageSize'));
    if (!(pageSize > 0 && pageSize <= 100) || !(pageIndex > 0) || endTime - startTime > 30 * 86_400_000) {
      return { status: 200, body: { code: 100400, msg: 'invalid parameters' } };
    }
    const matching = this.commissionDays.filter((day) => day.time >= startTime && day.time <= endTime);
    const list = matching.slice((pageIndex - 1) * pageSize, pageIndex * pageSize).map(documentedRow);
    return { status: 200, body: { code: 0, msg: '', data: { total: matching.length, list } } };
  }
}

const inviteRelationPath = '/openApi/agent/v1/account/inviteRelationCheck';
const commissionPath = '/openApi/agent/v2/reward/commissionDataList';
