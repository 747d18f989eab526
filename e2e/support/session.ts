import type { Page } from '@playwright/test';
import { signInThroughApi } from './accounts';

interface Credentials {
  email: string;
  password: string;
}

/** Signs in through the API and hands the session to the page the way the app keeps it. */
export async function signInAs(page: Page, account: Credentials): Promise<void> {
  const token = await signInThroughApi(page.request, account);
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
}

/** Fills in and submits the sign-in form the page shows, as a member would. */
export async function submitSignInForm(page: Page, credentials: Credentials): Promise<void> {
  await page.getByLabel('Email address').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
