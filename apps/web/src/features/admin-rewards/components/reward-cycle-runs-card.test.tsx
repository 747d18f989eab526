import { screen } from '@testing-library/react';
import { type RewardCycleRun, rewardCycleRunsSchema } from '@uplink/contract/reward-runs';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiServer, onApi } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { anAdministrator } from '../../../testing/sample-data';
import { useRewardCycleRuns } from '../api/get-reward-cycle-runs';
import { RewardCycleRunsCard } from './reward-cycle-runs-card';

const run = (cycle: number): RewardCycleRun => ({
  _id: `run-${cycle}`,
  cycle,
  startsAt: '2026-03-02T00:00:00.000Z',
  endsAt: '2026-03-09T00:00:00.000Z',
  source: 'UPLOAD',
  basis: null,
  outcome: 'DISTRIBUTED',
  startedBy: null,
  startedAt: '2026-03-09T01:00:00.000Z',
  finishedAt: '2026-03-09T01:00:05.000Z',
  planVersion: 1,
  inputCount: 2,
  matchedCount: 2,
  unknownUids: [],
  unknownCount: 0,
  rewardsWritten: 3,
  totalMasterAmount: 300,
  totalPaid: 12.5,
  totalLocked: 0,
  durationMs: 5000,
});

function RunsOnScreen() {
  return <RewardCycleRunsCard runs={useRewardCycleRuns({ page: 1 })} onPageChange={() => undefined} />;
}

describe("a cycle run's rewards file on the cycle runs card", () => {
  afterEach(() => vi.restoreAllMocks());

  it("downloads that run's rewards (the rewards export of its cycle), under the name the server gives", async () => {
    onApi('get', '/rewards/admin/cycles', { response: rewardCycleRunsSchema }, () => ({
      runs: [run(12), run(11)],
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalRecords: 2,
        limit: 10,
        hasNextPage: false,
        hasPrevPage: false,
        resultsCount: 2,
      },
      lastFinishedCycle: {
        cycle: 12,
        startsAt: '2026-03-02T00:00:00.000Z',
        endsAt: '2026-03-09T00:00:00.000Z',
        distributed: true,
      },
      nextCycle: 13,
    }));
    const asked: string[] = [];
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    apiServer.use(
      http.get('*/api/rewards/admin/all/export', ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse('createdAt\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="uplink-rewards-2026-03-18T100000Z.csv"',
          },
        });
      }),
    );
    const { user } = renderScreen(<RunsOnScreen />, { signedInAs: anAdministrator() });
    await user.click(await screen.findByRole('button', { name: 'Download the rewards of cycle #11 as CSV' }));
    await vi.waitFor(() => expect(saved).toEqual(['uplink-rewards-2026-03-18T100000Z.csv']));
    expect(asked).toEqual(['?cycle=11']);
    expect(screen.getAllByRole('button', { name: /^Download the rewards of cycle #\d+ as CSV$/ })).toHaveLength(2);
  });
});
