import { afterAll, beforeAll } from 'vitest';
import type { Integrations } from '../app-context';
import type { Config } from '../config/load-config';
import { type AdminTestApp, type AdminTestAppOptions, adminTestApp } from './admin-test-app';
import { type SponsorTestApp, sponsorTestApp } from './sponsor-test-app';
import { createTestApp, type TestApp } from './test-app';

/**
 * Registers the hooks of the calling file (or describe block): `start` runs before its tests, and
 * the app it started is closed after them. Answers the `fields` of what `start` answers right away,
 * as empty objects filled in place once the app is up, so the file destructures them where it
 * declares its tests (`const { t, admin } = adminTestAppForFile()`) and they read them when run.
 */
export function startedForFile<Started extends { t: TestApp } & { [Field in keyof Started]: object }>(
  fields: (keyof Started)[],
  start: () => Promise<Started>,
): Started {
  const started = Object.fromEntries(fields.map((field) => [field, {}])) as Started;
  beforeAll(async () => {
    const values = await start();
    for (const field of fields) Object.assign(started[field], values[field]);
  }, 180_000);
  // No `close` when the start failed: there is nothing to close then.
  afterAll(() => started.t.close?.());
  return started;
}

/** The file's test app (`createTestApp`), up during its tests and closed after them. */
export function testAppForFile(overrides?: Partial<Config>, integrations?: Partial<Integrations>): TestApp {
  return startedForFile(['t'], async () => ({ t: await createTestApp(overrides, integrations) })).t;
}

/** The file's test app with an administrator signed in (`adminTestApp`), their session token as headers. */
export function adminTestAppForFile(options?: AdminTestAppOptions): AdminTestApp {
  return startedForFile(['t', 'admin', 'adminHeaders'], () => adminTestApp(options));
}

/** The file's test app with a sponsor to register under (`sponsorTestApp`). */
export function sponsorTestAppForFile(): SponsorTestApp {
  return startedForFile(['t', 'sponsor'], sponsorTestApp);
}
