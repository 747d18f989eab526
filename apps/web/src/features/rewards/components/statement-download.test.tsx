import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiServer, onApi, refusal } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { StatementDownload } from './statement-download';

/** A day in mid-March 2026 (UTC): last month is February, this year starts on 1 January. */
const today = new Date('2026-03-18T10:00:00Z');

/** The files the screen handed to the browser, by name, and the ranges it asked for. */
function savedFiles() {
  const saved: string[] = [];
  const asked: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  for (const path of ['rewards/user/export', 'withdrawals/export']) {
    apiServer.use(
      http.get(`*/api/${path}`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${path}?${url.searchParams}`);
        return new HttpResponse('date,rewardAmount\r\nTotal,0\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="uplink-${path.split('/')[0]}-UP1-${url.searchParams.get('from')}-to-${url.searchParams.get('to')}.csv"`,
          },
        });
      }),
    );
  }
  return { saved, asked };
}

describe('the statements card on /rewards', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['the month of the latest activity', '2025-11-20T08:00:00Z', '2025-11-01', '2025-11-30'],
    [
      'this month, up to today, when the latest activity is this month',
      '2026-03-02T00:00:00Z',
      '2026-03-01',
      '2026-03-18',
    ],
    ['this month before any activity', null, '2026-03-01', '2026-03-18'],
  ])('opens on %s', (_, latestActivityAt, from, to) => {
    renderScreen(<StatementDownload latestActivityAt={latestActivityAt} today={today} />);
    expect(screen.getByLabelText('From')).toHaveProperty('value', from);
    expect(screen.getByLabelText('To')).toHaveProperty('value', to);
  });

  it('downloads the latest active month and the presets set their ranges', async () => {
    const { saved, asked } = savedFiles();
    const { user } = renderScreen(<StatementDownload latestActivityAt="2026-02-14T12:00:00Z" today={today} />);
    expect(screen.getByLabelText('From')).toHaveProperty('value', '2026-02-01');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '2026-02-28');
    await user.click(screen.getByRole('button', { name: 'Download rewards (CSV)' }));
    await user.click(screen.getByRole('button', { name: 'This year' }));
    expect(screen.getByLabelText('From')).toHaveProperty('value', '2026-01-01');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '2026-03-18');
    await user.click(screen.getByRole('button', { name: 'Download withdrawals (CSV)' }));
    await user.click(screen.getByRole('button', { name: 'This month' }));
    expect(screen.getByLabelText('From')).toHaveProperty('value', '2026-03-01');
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(asked).toEqual([
      'rewards/user/export?from=2026-02-01&to=2026-02-28',
      'withdrawals/export?from=2026-01-01&to=2026-03-18',
    ]);
    expect(saved).toEqual([
      'uplink-rewards-UP1-2026-02-01-to-2026-02-28.csv',
      'uplink-withdrawals-UP1-2026-01-01-to-2026-03-18.csv',
    ]);
  });

  it('refuses a reversed range before asking, and shows a refusal the server gives', async () => {
    const { user } = renderScreen(<StatementDownload latestActivityAt={null} today={today} />);
    onApi('get', '/rewards/user/export', {}, () =>
      refusal(400, 'VALIDATION_ERROR', 'A statement covers at most 10 years'),
    );
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-01-15');
    expect(await screen.findByText('From must be on or before To')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download rewards (CSV)' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Last month' }));
    await user.click(screen.getByRole('button', { name: 'Download rewards (CSV)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A statement covers at most 10 years');
  });
});
