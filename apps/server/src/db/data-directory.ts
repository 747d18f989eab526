import {
  chmodSync,
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database, the generated JWT secret and the demo chain's address:
 * nobody but the server's own user may read it. Created 0700, and tightened to 0700 when an older
 * version left it wider (a directory owned by someone else is left as it is).
 */
export function ensurePrivateDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  try {
    chmodSync(directory, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/**
 * Writes a file of DATA_DIR (the JWT secret, the demo chain's and the running server's address)
 * readable by its owner only: created 0600, and tightened when an older version left it wider
 * (a mode given to writeFileSync applies to a new file only).
 */
export function writePrivateFile(file: string, content: string): void {
  ensurePrivateDirectory(path.dirname(file));
  writeFileSync(file, content, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * Owner-only modes over a tree: directories 0700, files 0600. PGlite copies its initial data
 * directory with files 0666 whatever the umask, and PostgreSQL writes a few files later under the
 * process umask; the directories being 0700 already keeps every file unreachable for other
 * users, this makes each file say so as well.
 */
export function restrictToOwner(directory: string): void {
  chmodSync(directory, 0o700);
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) restrictToOwner(entryPath);
    else if (entry.isFile()) chmodSync(entryPath, 0o600);
  }
}

export class DataDirectoryInUseError extends Error {
  constructor(dataDir: string, lockFile: string, pid: number | undefined) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid ?? 'being written'}). ` +
        `Stop that server first; if no server runs, delete ${lockFile}.`,
    );
    this.name = 'DataDirectoryInUseError';
  }
}

/** Data directories this process holds: a second open in the same process is refused as well. */
const lockedHere = new Set<string>();

/**
 * PGlite opens a data directory that another process has open without a word (it writes
 * `postmaster.pid` but never checks one), and two writers corrupt the database. So the server
 * takes a lock file beside the directory first, by PostgreSQL's own rule for `postmaster.pid`:
 * created exclusively with our pid; an existing one is stale when its process is gone, or when
 * its pid is ours or our parent's in a restarted container (pid numbers start over there).
 * Returns the release.
 */
export function lockDataDirectory(dataDir: string): () => void {
  const resolved = path.resolve(dataDir);
  const lockFile = `${resolved}.pid`;
  if (lockedHere.has(resolved)) throw new DataDirectoryInUseError(resolved, lockFile, process.pid);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const descriptor = openSync(lockFile, 'wx', 0o600);
      writeSync(descriptor, `${process.pid}\n`);
      closeSync(descriptor);
      lockedHere.add(resolved);
      return () => {
        lockedHere.delete(resolved);
        if (lockOwner(lockFile) === process.pid) unlinkSync(lockFile);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = lockOwner(lockFile);
    // An empty lock file is one being written this instant, unless it has been empty for a while.
    if (owner === undefined && fileAgeMs(lockFile) < 1000) throw new DataDirectoryInUseError(resolved, lockFile, owner);
    if (owner !== undefined && owner !== process.pid && owner !== process.ppid && processIsAlive(owner)) {
      throw new DataDirectoryInUseError(resolved, lockFile, owner);
    }
    unlinkQuietly(lockFile);
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}

/** Whether a process with this pid exists (EPERM: it does, under another user). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockOwner(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** How long ago `file` last changed; a file that is gone counts as infinitely old. */
export function fileAgeMs(file: string): number {
  try {
    return Date.now() - lstatSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
