import { screen } from '@testing-library/react';
import { rewardPlanSchema } from '@uplink/contract/reward-plan';
import { describe, expect, it } from 'vitest';
import { onApi } from '../../testing/api-server';
import { renderScreen } from '../../testing/render-screen';
import { sampleRewardPlan } from '../../testing/sample-data';
import LandingPage from './landing';

/** The plan a server whose MIN_EXCHANGE_BALANCE is 250 answers. */
function planOfServerWithLine250() {
  onApi('get', '/rewards/plan', { response: rewardPlanSchema }, () => ({
    ...sampleRewardPlan,
    compliance: { minimumExchangeBalance: 250, windowDays: 30 },
  }));
}

describe('the landing page states the exchange-balance line the server applies', () => {
  it('says 250 in the start guide and the questions when the server’s line is 250', async () => {
    planOfServerWithLine250();
    const { user } = renderScreen(<LandingPage />);
    expect(await screen.findByText('Complete KYC and fund 250 USD')).toBeTruthy();
    expect(screen.getByText('Verify your identity on BingX and deposit at least 250 USD.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'How much do I need to start?' }));
    expect(screen.getByText(/^Deposit at least 250 USD on BingX/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\b100 USD/);
  });

  it('states the default line of the specification while the plan loads, as the prerendered page does', () => {
    planOfServerWithLine250();
    renderScreen(<LandingPage />);
    expect(screen.getByText('Complete KYC and fund 100 USD')).toBeTruthy();
    expect(screen.getByText('Verify your identity on BingX and deposit at least 100 USD.')).toBeTruthy();
  });
});
