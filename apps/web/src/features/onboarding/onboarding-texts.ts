/** The onboarding screen's texts; those in quotes in the spec are verbatim. */
export const onboardingTexts = {
  title: 'Activate your membership',
  subtitle: 'Two quick steps: pay the subscription, then link the BingX account you copy-trade with.',
  stepPay: 'Pay Subscription',
  stepLink: 'Link Exchange Account',
  complete: 'Onboarding Complete!',
  completeBody: 'Your subscription is paid and your BingX account is linked. Welcome aboard.',
  goToDashboard: 'Go to Dashboard',
  refreshing: 'Refreshing Status',
  refreshingBody: 'Checking the BSC network for your payment…',
  refreshStatus: 'refresh status',
  notYetConfirmed: 'No confirmed payment yet. Confirmation takes about 1-3 minutes after your transfer.',
  refreshFailed: 'Could not refresh the status. Please try again.',
} as const;
