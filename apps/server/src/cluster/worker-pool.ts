import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import type { Logger } from 'pino';

/** Set by the primary in the environment of the one worker that runs the background jobs. */
const runsJobsVariable = 'UPLINK_WORKER_RUNS_JOBS';

/** In a worker: whether the primary gave this one the background jobs. */
export function runsJobsHere(): boolean {
  return process.env[runsJobsVariable] === 'true';
}

/** Deaths this recent count towards a crash loop. */
const crashLoopWindowMs = 60_000;

/**
 * The wait before a dead worker's replacement: 1 s, doubling with every other death within the
 * last minute up to 30 s, so a worker that crashes as it starts cannot make the primary spin.
 */
export function restartDelayMs(deathsInWindow: number): number {
  return Math.min(30_000, 1_000 * 2 ** (deathsInWindow - 1));
}

/**
 * The primary's API processes: `size` workers, the first with the background jobs. A worker that
 * dies before all are listening fails the start; once they are, a dead worker is replaced, in its
 * role. The primary's own signal handling calls `stop`.
 */
export class WorkerPool {
  /** Resolves when every worker is listening; rejects when one dies before. */
  readonly started: Promise<void>;
  private phase: 'starting' | 'running' | 'stopping' = 'starting';
  private readonly live = new Set<Worker>();
  private deaths: number[] = [];
  private readonly pendingRestarts = new Set<NodeJS.Timeout>();
  private startFailed: (error: Error) => void = () => {};

  constructor(
    private readonly size: number,
    private readonly logger: Logger,
    /** SHUTDOWN_GRACE_MS: a stopping worker drains for this long at most (then exits 1 by itself). */
    private readonly graceMs: number,
  ) {
    this.started = new Promise((resolve, reject) => {
      let listening = 0;
      const onListening = () => {
        listening += 1;
        if (listening < size) return;
        cluster.off('listening', onListening);
        if (this.phase === 'starting') this.phase = 'running';
        resolve();
      };
      cluster.on('listening', onListening);
      this.startFailed = (error) => {
        cluster.off('listening', onListening);
        reject(error);
      };
    });
    for (let index = 0; index < size; index += 1) this.fork(index === 0);
  }

  /**
   * Sends every worker SIGTERM (each drains: new requests 503, the ones it holds finished) and
   * waits for them all; a worker still running 2 s past its own grace is killed. False when one
   * did not stop cleanly.
   */
  async stop(): Promise<boolean> {
    this.phase = 'stopping';
    for (const timer of this.pendingRestarts) clearTimeout(timer);
    this.pendingRestarts.clear();
    const stopped = await Promise.all([...this.live].map((worker) => this.stopWorker(worker)));
    return stopped.every(Boolean);
  }

  private fork(runsJobs: boolean): void {
    const worker = cluster.fork({ [runsJobsVariable]: String(runsJobs) });
    const workerPid = worker.process.pid;
    this.live.add(worker);
    worker.on('listening', () => this.logger.info({ workerPid, runsJobs }, 'worker listening'));
    worker.on('exit', (code: number | null, signal: NodeJS.Signals | null) => {
      this.live.delete(worker);
      if (this.phase === 'stopping') return;
      if (this.phase === 'starting') {
        this.startFailed(
          new Error(`worker ${workerPid} exited (${signal ?? `code ${code}`}) before all ${this.size} were listening`),
        );
        return;
      }
      this.replace(runsJobs, { workerPid, code, signal });
    });
  }

  private replace(runsJobs: boolean, death: { workerPid?: number; code: number | null; signal: string | null }): void {
    const now = Date.now();
    this.deaths = [...this.deaths.filter((time) => now - time < crashLoopWindowMs), now];
    const delayMs = restartDelayMs(this.deaths.length);
    this.logger.error({ ...death, runsJobs, restartInMs: delayMs }, 'worker died: forking its replacement');
    const timer = setTimeout(() => {
      this.pendingRestarts.delete(timer);
      this.fork(runsJobs);
    }, delayMs);
    this.pendingRestarts.add(timer);
  }

  private async stopWorker(worker: Worker): Promise<boolean> {
    const workerPid = worker.process.pid;
    const exited = once(worker, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    worker.process.kill('SIGTERM');
    let deadline: NodeJS.Timeout | undefined;
    const overdue = new Promise<'overdue'>((resolve) => {
      deadline = setTimeout(() => resolve('overdue'), this.graceMs + 2_000);
    });
    const outcome = await Promise.race([exited, overdue]);
    clearTimeout(deadline);
    if (outcome === 'overdue') {
      this.logger.error({ workerPid }, 'worker did not stop in time: killed');
      worker.process.kill('SIGKILL');
      await exited;
      return false;
    }
    const [code, signal] = outcome;
    // SIGTERM's default action ends a worker still starting, before it had anything in flight.
    return code === 0 || signal === 'SIGTERM';
  }
}
