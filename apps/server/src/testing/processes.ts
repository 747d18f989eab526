import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { settlesBeforeHang } from './hang-deadline';

/** The pid of a process that has exited: stands for a server that crashed. */
export async function pidOfAnEndedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid as number;
}

/** A live process other than this one: stands for another running server. Kill it when done. */
export function sleepingProcess(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const main = path.join(import.meta.dirname, '../main.ts');

/** `npm start`'s entry point running as its own process, with what it printed so far. */
export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** How the server is started: by default its TypeScript entry point as `npm start` ran it before the build. */
export interface ServerEntry {
  command: string;
  args: string[];
  cwd: string;
}

/**
 * `node --import tsx main.ts`, one process. The tsx command would put a relay process in between
 * that, on a loaded machine, gives up waiting for the server to take a SIGTERM and exits 143 itself.
 */
const sourceEntry: ServerEntry = { command: process.execPath, args: ['--import', 'tsx', main], cwd: repositoryRoot };

/** Starts the server's entry point with exactly `env` (nothing inherited but what it names). */
export function startServerProcess(env: NodeJS.ProcessEnv, entry: ServerEntry = sourceEntry): ServerProcess {
  const child = spawn(entry.command, entry.args, { cwd: entry.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({ code, signal }));
  return { child, output: () => output, exited };
}

/** A loopback port free right now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** Asks /api/readyz until the server answers (it builds a database first); no answer is a hang. */
export async function untilReady(baseUrl: string, server: ServerProcess): Promise<void> {
  const ready = async () => {
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
      const answer = await fetch(`${baseUrl}/api/readyz`).catch(() => undefined);
      if (answer?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  await settlesBeforeHang(ready(), 'server start');
}
