import { screen, within } from '@testing-library/react';
import { type AdminRole, adminTeamTexts } from '@uplink/contract/admin-roles';
import { adminTeamSchema } from '@uplink/contract/admin-team';
import { totpStatusSchema } from '@uplink/contract/admin-totp';
import { errorTexts } from '@uplink/contract/error-codes';
import { describe, expect, it } from 'vitest';
import { arrivalAfterSignIn } from '../lib/auth';
import { onApi, refusal } from '../testing/api-server';
import { renderRoutes } from '../testing/render-screen';
import { anAdministrator } from '../testing/sample-data';
import { routes } from './router';

/** Long enough for a lazily loaded page to arrive on a loaded machine. */
const arrival = { timeout: 5_000 };

/** The app's own route table at `path`, signed in as an administrator of `role`. */
function openAs(role: AdminRole, path: string, state?: unknown) {
  return renderRoutes(routes, { at: { pathname: path, state }, signedInAs: anAdministrator({}, role) }).location;
}

/** Every admin section, in the sidebar's order: what an owner sees. */
const everySection = [
  '/admin/dashboard',
  '/admin/users',
  '/admin/withdrawals',
  '/admin/risk',
  '/admin/rewards',
  '/admin/user-reports',
  '/admin/mail',
  '/admin/audit-log',
  '/admin/team',
  '/admin/settings',
];

/** Where the admin sidebar leads, in its order. */
async function sections(): Promise<(string | null)[]> {
  const navigation = await screen.findByRole('navigation', { name: 'Admin sections' });
  return within(navigation)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
}

describe("the admin area follows the administrator's role", () => {
  it('shows support only the sections its role may open, and the forbidden page on a deep link to another', async () => {
    openAs('SUPPORT', '/admin/audit-log');
    expect(await screen.findByRole('heading', { name: adminTeamTexts.forbidden }, arrival)).toBeTruthy();
    expect(await sections()).toEqual(
      everySection.filter((section) => section !== '/admin/audit-log' && section !== '/admin/team'),
    );
    expect(screen.getByText('· Support')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
  });

  it('sends an administrator who signs in to a remembered page their role cannot open to the dashboard instead', async () => {
    const location = openAs('SUPPORT', '/admin/audit-log', arrivalAfterSignIn);
    await expect.poll(() => location().pathname, arrival).toBe('/admin/dashboard');
    expect(screen.queryByText(adminTeamTexts.forbidden)).toBeNull();
  });

  it('gives finance the audit log but not the team, whose address answers the forbidden page', async () => {
    openAs('FINANCE', '/admin/team');
    expect(await screen.findByRole('heading', { name: adminTeamTexts.forbidden }, arrival)).toBeTruthy();
    const shown = await sections();
    expect(shown).toContain('/admin/audit-log');
    expect(shown).not.toContain('/admin/team');
  });

  it('lets an owner open every section, the team included', async () => {
    onApi('get', '/admin/team', { response: adminTeamSchema }, () => ({ administrators: [], invitations: [] }));
    openAs('OWNER', '/admin/team');
    expect(await screen.findByRole('heading', { name: adminTeamTexts.title, level: 1 }, arrival)).toBeTruthy();
    expect(screen.queryByText(adminTeamTexts.forbidden)).toBeNull();
    expect(await sections()).toEqual(everySection);
  });

  it('sends an administrator the server refuses for want of a second factor to the settings, saying why', async () => {
    onApi('get', '/users/admin/overall-stats', {}, () =>
      refusal(403, 'ADMIN_TOTP_REQUIRED', errorTexts.ADMIN_TOTP_REQUIRED),
    );
    onApi('get', '/admin/totp', { response: totpStatusSchema }, () => ({
      enabled: false,
      enrolledAt: null,
      recoveryCodesLeft: 0,
    }));
    openAs('FINANCE', '/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Settings' }, arrival)).toBeTruthy();
    expect(screen.getByText(errorTexts.ADMIN_TOTP_REQUIRED)).toBeTruthy();
  });
});
