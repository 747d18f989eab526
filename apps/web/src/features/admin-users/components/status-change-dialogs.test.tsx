import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatusChangeDialogs, type StatusChangeTarget } from './status-change-dialogs';

function render(member: StatusChangeTarget | null) {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <StatusChangeDialogs
        member={member}
        onClose={() => undefined}
        onChanged={() => undefined}
        onFailed={() => undefined}
      />
    </QueryClientProvider>,
  );
}

describe('the edit-status dialog', () => {
  it('offers only the statuses the member does not have, the first one chosen', () => {
    const html = render({ _id: 'u1', name: 'Ann Lee', userId: 'UP1000042', status: 'LOCKED' });
    const options = [...html.matchAll(/<option value="([A-Z]+)"/g)].map((match) => match[1]);
    expect(options).toEqual(['ACTIVE', 'DISABLED']);
    expect(html).toMatch(/<button type="button"[^>]*>Update Status<\/button>/);
    expect(html).not.toMatch(/<button type="button"[^>]*disabled=""[^>]*>Update Status/);
  });

  it('shows nothing while no member is being edited', () => {
    expect(render(null)).not.toContain('Update Status');
  });
});
