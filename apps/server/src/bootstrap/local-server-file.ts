import { readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { writePrivateFile } from '../db/data-directory';
import { defaultDataDir } from '../server-folders';

/**
 * DATA_DIR/server.json: where the local server is listening, written once it listens and removed
 * when it stops — so `npm run demo:pay` reaches it whatever PORT it was started with, the way
 * DATA_DIR/demo-chain.json tells it where the demo chain runs.
 */
const serverFile = (dataDir: string) => path.join(dataDir, 'server.json');

const serverInfoSchema = z.object({ url: z.string(), pid: z.number() });

/** A URL for reaching the listening socket from this machine (a wildcard address means loopback). */
export function localUrlOf(address: AddressInfo): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export function writeServerFile(dataDir: string, url: string): void {
  writePrivateFile(serverFile(dataDir), `${JSON.stringify({ url, pid: process.pid }, null, 2)}\n`);
}

/** Removes the file if it is still this process's (another server may have started since). */
export function removeServerFile(dataDir: string): void {
  if (readServerFile(dataDir)?.pid === process.pid) rmSync(serverFile(dataDir), { force: true });
}

export function readServerFile(dataDir: string): z.infer<typeof serverInfoSchema> | null {
  try {
    return serverInfoSchema.parse(JSON.parse(readFileSync(serverFile(dataDir), 'utf8')));
  } catch {
    return null;
  }
}

/**
 * The demo:pay command that reaches the server at `url`, exactly as the banner prints it: the
 * short form where demo:pay finds the server by itself (the default DATA_DIR, the repository's data/),
 * with --url otherwise.
 */
export function demoPayCommand(url: string, dataDir: string): string {
  const command = 'npm run demo:pay -- <email> [amount]';
  return path.resolve(dataDir) === defaultDataDir ? command : `${command} --url ${url}`;
}
