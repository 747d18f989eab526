import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config/load-config';
import { signIn } from '../testing/builders';
import { createTestApp, type TestApp } from '../testing/test-app';
import { keepGeneratedAdminPassword } from './admin-password-file';
import { runBootstrap } from './bootstrap';
import { ensureRootAdmin } from './root-admin';
import { startupBanner } from './startup-banner';

/**
 * The attack run's lost password: a first start that died after creating the administrator and
 * before writing `admin-password.txt` left an administrator nobody could sign in as, and every
 * later banner said "(set on first start)". The file is now written inside the transaction that
 * creates the administrator, before it commits: there is no moment with one and not the other.
 */
describe('the generated administrator password, when the first start dies', () => {
  let t: TestApp;
  let config: Config;
  let passwordFile: string;
  // Each test its own database: the administrator is created once per database.
  beforeEach(async () => {
    t = await createTestApp();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'uplink-admin-password-'));
    config = { ...t.config, dataDir, adminEmail: undefined, adminPassword: undefined };
    passwordFile = path.join(dataDir, 'admin-password.txt');
  }, 180_000);
  afterEach(() => t?.close());

  const administrators = () => t.database.db.selectFrom('users').select('id').where('is_admin', '=', true).execute();
  const keptPassword = () => readFileSync(passwordFile, 'utf8').trim();

  it('is in DATA_DIR as soon as the administrator exists, so a start that dies right after loses nothing', async () => {
    // The first start gets this far and dies, before it listens or prints its banner.
    const first = await runBootstrap(t.database.db, config);
    expect(first.rootAdmin.passwordFile).toBe(passwordFile);
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    expect(keptPassword()).toBe(first.rootAdmin.generatedPassword);
    expect(await signIn(t.app, 'admin@uplink.local', keptPassword())).toEqual(expect.any(String));

    // Every later start points to the file.
    const next = await runBootstrap(t.database.db, config);
    expect(next.rootAdmin).toMatchObject({ created: false, passwordFile });
    expect(startupBanner('http://localhost:3000', next)).toContain(passwordFile);
  });

  it('is never lost when the start dies between writing the file and committing the administrator', async () => {
    const killedAfterTheFile = (dataDir: string, password: string) => {
      keepGeneratedAdminPassword(dataDir, password);
      throw new Error('killed');
    };
    await expect(ensureRootAdmin(t.database.db, config, killedAfterTheFile)).rejects.toThrow('killed');
    expect(await administrators()).toEqual([]);

    const next = await ensureRootAdmin(t.database.db, config);
    expect(next.created).toBe(true);
    expect(keptPassword()).toBe(next.generatedPassword);
    expect(await signIn(t.app, 'admin@uplink.local', keptPassword())).toEqual(expect.any(String));
  });

  it('names no file that is not there: a password configured, not generated', async () => {
    const configured = await ensureRootAdmin(t.database.db, { ...config, adminPassword: 'Root!Pass12345' });
    expect(configured.passwordFile).toBeUndefined();
    expect(() => statSync(passwordFile)).toThrow();
    const banner = startupBanner('http://localhost:3000', await runBootstrap(t.database.db, config));
    expect(banner).not.toContain('admin-password.txt');
  });
});
