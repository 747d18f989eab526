import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes';

const run = promisify(execFile);
const binaries = '/usr/lib/postgresql/15/bin';

/**
 * Why a primary and streaming replica of our own cannot be started here, or null when they can:
 * PostgreSQL 15's server binaries are needed, and (as root) the `postgres` user to run them.
 */
export function streamingReplicaUnavailable(): string | null {
  if (!existsSync(path.join(binaries, 'initdb'))) return `${binaries}/initdb is not installed`;
  return null;
}

/** A primary and its streaming replica on free ports of this machine, both on a temporary directory. */
export interface StreamingPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica at once (`pg_ctl stop -m immediate`): the crash of the replica's machine. */
  killReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Pauses and resumes the replica's replay: it keeps receiving WAL and falls behind. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `initdb` a primary that allows replication from 127.0.0.1, then `pg_basebackup -R -X stream` a
 * replica of it, each started with `pg_ctl` as the `postgres` user (root may not run a server).
 */
export async function startStreamingPair(): Promise<StreamingPair> {
  const root = mkdtempSync(path.join(tmpdir(), 'uplink-replica-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(stdout.trim()), Number(group.trim()));
  }
  const as = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(binaries, command), ...args])
      : run(path.join(binaries, command), args);
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const ctl = (dir: string, action: string, extra: string[] = []) =>
    as('pg_ctl', ['-D', dir, '-w', '-l', path.join(root, `${path.basename(dir)}.log`), action, ...extra]);

  await as('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  await appendFile(
    path.join(primaryDir, 'postgresql.conf'),
    [
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${root}'`,
      'wal_level = replica',
      'max_wal_senders = 5',
      'fsync = off',
      '',
    ].join('\n'),
  );
  await appendFile(path.join(primaryDir, 'pg_hba.conf'), 'host replication postgres 127.0.0.1/32 trust\n');
  await ctl(primaryDir, 'start');
  await as('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
  ]);
  // The copied settings name the primary's port; the replica listens on its own.
  await appendFile(path.join(replicaDir, 'postgresql.auto.conf'), `port = ${replicaPort}\nhot_standby_feedback = on\n`);
  const startReplica = async () => {
    await ctl(replicaDir, 'start');
  };
  await startReplica();

  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
  const onReplica = (statement: string) =>
    as('psql', ['-h', '127.0.0.1', '-p', String(replicaPort), '-U', 'postgres', '-Atc', statement]);
  return {
    primaryUrl,
    replicaUrl,
    async killReplica() {
      await ctl(replicaDir, 'stop', ['-m', 'immediate']);
    },
    startReplica,
    async pauseReplay() {
      await onReplica('SELECT pg_wal_replay_pause()');
    },
    async resumeReplay() {
      await onReplica('SELECT pg_wal_replay_resume()');
    },
    async stop() {
      await ctl(replicaDir, 'stop', ['-m', 'immediate']).catch(() => {});
      await ctl(primaryDir, 'stop', ['-m', 'fast']).catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}
