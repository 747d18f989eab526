import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReplicaRouting } from './read-replica';

/** A pool answering the routing's two checks from positions the test sets. */
function positionsPools() {
  const positions = { primary: 0n, replayed: 0n as bigint | null, inRecovery: true };
  const answer = (rows: unknown[]) => Promise.resolve({ rows });
  const primary = {
    query: () => answer([{ position: String(positions.primary) }]),
  } as unknown as pg.Pool;
  const replica = {
    query: () =>
      answer([
        {
          in_recovery: positions.inRecovery,
          replayed: positions.replayed === null ? null : String(positions.replayed),
        },
      ]),
  } as unknown as pg.Pool;
  return { positions, primary, replica };
}

describe('the replica lag the routing measures', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-26T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const routingOver = (pools: ReturnType<typeof positionsPools>) =>
    new ReplicaRouting(pools.primary, pools.replica, { maxLagSeconds: 5, checkIntervalMs: 1_000 });
  const secondsLater = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  it('reads 0 while the replica replays the WAL of a long write transaction as it streams in, however old the last commit', async () => {
    const pools = positionsPools();
    const routing = routingOver(pools);
    // Twenty seconds of one open transaction: the primary moves on, the replica a moment behind
    // the previous check's position — never a commit to date it by.
    for (let second = 0; second < 20; second += 1) {
      pools.positions.replayed = pools.positions.primary;
      pools.positions.primary += 16_000_000n;
      await routing.check();
      expect(routing.state).toEqual({ inUse: true, lagSeconds: 0 });
      secondsLater(1);
      pools.positions.replayed = pools.positions.primary;
      await routing.check();
      expect(routing.state).toEqual({ inUse: true, lagSeconds: 0 });
    }
  });

  it('reads the time since the primary was at the first position a stalled replica has not replayed, and 0 once it has', async () => {
    const pools = positionsPools();
    const routing = routingOver(pools);
    await routing.check();
    expect(routing.state.lagSeconds).toBe(0);

    pools.positions.primary = 500n;
    await routing.check();
    expect(routing.state).toEqual({ inUse: true, lagSeconds: 0 });
    for (const position of [600n, 700n, 800n, 900n, 1000n, 1100n]) {
      secondsLater(1);
      pools.positions.primary = position;
      await routing.check();
    }
    // Replay stopped before position 500, seen six seconds ago: beyond the 5 s limit.
    expect(routing.state).toEqual({ inUse: false, lagSeconds: 6 });

    // It replays up to 800: the oldest position it lacks, 900, was the primary's two seconds ago. Then all of it.
    pools.positions.replayed = 800n;
    await routing.check();
    expect(routing.state).toEqual({ inUse: true, lagSeconds: 2 });
    pools.positions.replayed = 1100n;
    await routing.check();
    expect(routing.state).toEqual({ inUse: true, lagSeconds: 0 });
  });

  it('leaves a promoted replica and an unreachable one alone', async () => {
    const pools = positionsPools();
    const routing = routingOver(pools);
    pools.positions.inRecovery = false;
    pools.positions.replayed = null;
    await routing.check();
    expect(routing.state.inUse).toBe(false);

    pools.replica.query = (() => Promise.reject(new Error('connection refused'))) as unknown as pg.Pool['query'];
    await routing.check();
    expect(routing.state).toEqual({ inUse: false, lagSeconds: null });
  });
});
