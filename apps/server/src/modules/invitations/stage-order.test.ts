import { bestLinksMinimumVisits, inviteeStages } from '@uplink/contract/invitations';
import { describe, expect, it } from 'vitest';
import * as migration from '../../db/migrations/0270-invitation-funnel';

describe('the invitee stages of the database and of the contract', () => {
  it('are the same, in the same order, and so is the best links’ minimum the index was built for', () => {
    expect([...migration.inviteeStageOrder]).toEqual([...inviteeStages]);
    expect(migration.bestLinksMinimumVisits).toBe(bestLinksMinimumVisits);
  });
});
