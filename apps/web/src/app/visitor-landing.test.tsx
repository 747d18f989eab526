import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rewardPlanSchema } from '@uplink/contract/reward-plan';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invitationStorage } from '../lib/storage';
import { onApi } from '../testing/api-server';
import { sampleRewardPlan } from '../testing/sample-data';
import { VisitorLanding } from './visitor-landing';

const tree = (
  <StrictMode>
    <VisitorLanding />
  </StrictMode>
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/**
 * Does what a visitor's browser does with dist/landing.html: the page as src/prerender.tsx wrote
 * it (rendered at build time, with no browser storage), then, in a browser that may keep
 * something (`browserKeeps`), src/landing-entry.tsx's hydration of it. Returns every error React
 * reported while taking the page over.
 */
async function hydratePrerenderedPage(browserKeeps = () => {}): Promise<unknown[]> {
  const html = renderToString(tree);
  browserKeeps();
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  try {
    await act(async () => {
      root = hydrateRoot(container, tree, {
        onRecoverableError: (error) => void errors.push(error),
        onUncaughtError: (error) => void errors.push(error),
      });
    });
  } finally {
    consoleError.mockRestore();
  }
  return errors;
}

describe('the landing page on its own entry, without the router or the query client', () => {
  it('takes over the prerendered page without a mismatch, then reads the plan the server answers', async () => {
    onApi('get', '/rewards/plan', { response: rewardPlanSchema }, () => ({
      ...sampleRewardPlan,
      compliance: { minimumExchangeBalance: 250, windowDays: 30 },
    }));
    expect(await hydratePrerenderedPage()).toEqual([]);
    expect(await screen.findByText('Complete KYC and fund 250 USD')).toBeTruthy();
    expect(screen.getByText(new RegExp(`version ${sampleRewardPlan.version}`))).toBeTruthy();
  });

  it('links to the app’s pages with plain anchors, which the browser follows to the app', async () => {
    onApi('get', '/rewards/plan', { response: rewardPlanSchema }, () => sampleRewardPlan);
    await hydratePrerenderedPage();
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(bar).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');
    expect(within(bar).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
    expect(within(bar).getByRole('link', { name: 'Earn' }).getAttribute('href')).toBe('/#earn');
  });

  it('shows the invitation kept in this browser once hydrated, though the prerendered page had none', async () => {
    onApi('get', '/rewards/plan', { response: rewardPlanSchema }, () => sampleRewardPlan);
    const errors = await hydratePrerenderedPage(() =>
      invitationStorage.set({ code: 'ALICE123', inviterFirstName: 'Alice' }),
    );
    expect(errors).toEqual([]);
    const banner = screen.getByTestId('invitation-banner');
    expect(within(banner).getByRole('link', { name: 'Create your account' }).getAttribute('href')).toBe('/register');
  });

  it('closes the mobile menu when a section link in it is followed, though no route changes', async () => {
    onApi('get', '/rewards/plan', { response: rewardPlanSchema }, () => sampleRewardPlan);
    await hydratePrerenderedPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu') as HTMLElement;
    await user.click(within(menu).getByRole('link', { name: 'Copy Trading' }));
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });
});
