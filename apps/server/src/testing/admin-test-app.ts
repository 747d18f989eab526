import type { Integrations } from '../app-context';
import type { Config } from '../config/load-config';
import type { CodeHolderRow } from '../db/schema';
import { createMember, type MemberSpec, sessionHeaders } from './builders';
import { createTestApp, type TestApp } from './test-app';

export interface AdminTestApp {
  t: TestApp;
  /** An active OWNER unless `administrator.adminRole` names another role; the first administrator, so the network root. */
  admin: CodeHolderRow;
  adminHeaders: Record<string, string>;
}

export interface AdminTestAppOptions {
  config?: Partial<Config>;
  integrations?: Partial<Integrations>;
  administrator?: MemberSpec;
}

/** The test app on a fresh database with an administrator signed in: what the administrators' API tests start from. */
export async function adminTestApp(options: AdminTestAppOptions = {}): Promise<AdminTestApp> {
  const t = await createTestApp(options.config, options.integrations);
  const admin = await createMember(t.database.db, { ...options.administrator, isAdmin: true });
  return { t, admin, adminHeaders: sessionHeaders(t.app, admin) };
}
