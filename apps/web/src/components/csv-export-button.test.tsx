import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiServer, onApi, refusal } from '../testing/api-server';
import { renderScreen } from '../testing/render-screen';
import { CsvExportButton } from './csv-export-button';

describe('Export CSV on an administrator list', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks with the filters on screen and saves the file under the name the server gives', async () => {
    const saved: string[] = [];
    const asked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    apiServer.use(
      http.get('*/api/withdrawals/admin/all/export', ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse('requestedAt\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="uplink-withdrawals-2026-03-18T100000Z.csv"',
          },
        });
      }),
    );
    const { user } = renderScreen(
      <CsvExportButton path="/withdrawals/admin/all/export" query={{ search: 'ada', status: undefined }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saved).toEqual(['uplink-withdrawals-2026-03-18T100000Z.csv']));
    expect(asked).toEqual(['?search=ada']);
  });

  it('says why when the server refuses', async () => {
    onApi('get', '/users/admin/all/export', {}, () => refusal(403, 'FORBIDDEN'));
    const { user } = renderScreen(<CsvExportButton path="/users/admin/all/export" query={{}} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
  });
});
