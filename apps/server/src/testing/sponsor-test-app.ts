import type { CodeHolderRow } from '../db/schema';
import { createMember } from './builders';
import { createTestApp, type TestApp } from './test-app';

export interface SponsorTestApp {
  t: TestApp;
  /** A verified, active member whose referral code newcomers register with. */
  sponsor: CodeHolderRow;
}

/** The test app on a fresh database with a sponsor to register under: what the registration tests start from. */
export async function sponsorTestApp(): Promise<SponsorTestApp> {
  const t = await createTestApp();
  return { t, sponsor: await createMember(t.database.db) };
}
