import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileAgeMs, processIsAlive } from './data-directory';

/** The embedded database's socket file inside its folder (node-postgres looks for this name). */
export const socketFileName = '.s.PGSQL.5432';

const prefix = 'uplink-pg-';
/** `uplink-pg-<pid>-XXXXXX`: the folder names the process that serves the socket. */
const owned = /^uplink-pg-(\d+)-/;
/** Older versions named the folder `uplink-pg-XXXXXX`, without the owner. */
const legacy = /^uplink-pg-[A-Za-z0-9]{6}$/;
/** A legacy folder younger than this may belong to a server that is starting this instant. */
const legacyGraceMs = 60_000;

/**
 * A private folder (0700: only this user can reach the socket, which speaks to the database as
 * its superuser) for the embedded database's socket, named after this process.
 */
export function createSocketFolder(root = tmpdir()): string {
  return mkdtempSync(path.join(root, `${prefix}${process.pid}-`));
}

/**
 * Removes socket folders that crashed runs left behind: those whose owner process is gone, and
 * legacy ones (no owner in the name) older than a minute whose socket nobody listens on. A running
 * server's folder is never touched; folders of other users are not ours to remove.
 */
export async function removeStaleSocketFolders(root = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of readdirSync(root)) {
    if (!name.startsWith(prefix)) continue;
    const folder = path.join(root, name);
    if (!ownedByThisUser(folder)) continue;
    const owner = owned.exec(name);
    const stale = owner
      ? !processIsAlive(Number(owner[1]))
      : legacy.test(name) && fileAgeMs(folder) > legacyGraceMs && !(await someoneListens(folder));
    if (!stale) continue;
    rmSync(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}

function ownedByThisUser(folder: string): boolean {
  try {
    const stats = lstatSync(folder);
    return stats.isDirectory() && stats.uid === process.getuid?.();
  } catch {
    return false;
  }
}

function someoneListens(folder: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path.join(folder, socketFileName));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
