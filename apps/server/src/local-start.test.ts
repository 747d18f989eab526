import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The environment of a person starting the product on their machine: none of the test run's. */
function localEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'TEST_DATABASE_URL', 'REDIS_URL', 'ADMIN_PASSWORD', 'PORT']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * `npm start` as a newcomer runs it, with a PORT of their own: the banner and `npm run demo:pay`
 * agree on the running server, the generated administrator password is kept where the banner
 * says, and stopping `npm start` by its process id stops the server with it. (One start for all
 * of it: a start builds the web app and boots the demo chain, which takes a while.)
 */
describe.skipIf(process.env.TEST_DATABASE_URL)('npm start on a machine', () => {
  let npmStart: ChildProcessWithoutNullStreams | undefined;
  afterAll(() => {
    // Whatever the test left running (it was started as its own process group).
    if (npmStart?.pid !== undefined) {
      try {
        process.kill(-npmStart.pid, 'SIGKILL');
      } catch {
        // Nothing left.
      }
    }
  });

  it('prints a demo:pay command that reaches it, keeps the admin password, and stops with its parent', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'uplink-start-'));
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = localEnvironment({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info' });
    const started = spawn('npm', ['start'], { cwd: repoRoot, env, detached: true });
    npmStart = started;
    let output = '';
    started.stdout.on('data', (chunk) => {
      output += chunk;
    });
    started.stderr.on('data', (chunk) => {
      output += chunk;
    });
    let exitCode: number | null | undefined;
    const exited = new Promise<number | null>((resolve) =>
      started.on('exit', (code) => {
        exitCode = code;
        resolve(code);
      }),
    );

    // A start that exits (a failed build, a port taken meanwhile by another test's server) fails at
    // once; a start that fails either way shows what it printed.
    const deadline = Date.now() + 300_000;
    while (!(output.includes('Uplink is running at') && (await answers(`${baseUrl}/api/readyz`)))) {
      if (exitCode !== undefined || Date.now() > deadline) {
        throw new Error(`npm start did not come up (exit code ${exitCode ?? 'none yet'}); it printed:\n${output}`);
      }
      await setTimeout(500);
    }

    // The password the banner shows is also in DATA_DIR, readable by its owner only.
    const password = output.match(/password\s+(\S+)\s+\(generated/)?.[1];
    expect(password, output).toBeDefined();
    const passwordFile = path.join(dataDir, 'admin-password.txt');
    expect(output).toContain(passwordFile);
    expect(readFileSync(passwordFile, 'utf8').trim()).toBe(password);
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    for (const file of ['demo-chain.json', 'server.json']) {
      expect({ file, mode: statSync(path.join(dataDir, file)).mode & 0o777 }).toEqual({ file, mode: 0o600 });
    }

    // The demo:pay command exactly as the banner prints it, then as the README gives it.
    const printed = output.match(/Pay a member\s+(npm run demo:pay -- [^\n]*?)\s{3}/)?.[1];
    expect(printed, output).toBeDefined();
    const command = (printed as string).replace('<email>', 'admin@uplink.local').replace(' [amount]', '');
    const asPrinted = await run('sh', ['-c', command], {
      cwd: repoRoot,
      env: localEnvironment({}),
    });
    expect(asPrinted.stdout).toMatch(/Paid the subscription fee to 0x[0-9a-fA-F]{40}/);
    const byDataDir = await run('npm', ['run', 'demo:pay', '--', 'admin@uplink.local', '1.5'], {
      cwd: repoRoot,
      env: localEnvironment({ DATA_DIR: dataDir }),
    });
    expect(byDataDir.stdout).toMatch(/Paid 1.5 USDT to 0x[0-9a-fA-F]{40}/);

    // Only failures and slow requests are logged locally: the banner stays in view.
    expect(output).not.toContain('request completed');

    // The server is npm's own child (the script's shell exec'd node): npm passes the signal on to it.
    const serverPid = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')).pid as number;
    const parentPid = Number(readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
    expect(parentPid).toBe(started.pid);

    started.kill('SIGTERM');
    expect(await exited).toBe(0);
    // npm has exited: its server must not be left answering.
    expect(await answers(`${baseUrl}/api/readyz`)).toBe(false);
    expect(existsSync(path.join(dataDir, 'server.json'))).toBe(false);
  }, 420_000);
});
