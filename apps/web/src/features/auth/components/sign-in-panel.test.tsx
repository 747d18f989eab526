import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { SignInPanel } from './sign-in-panel';

describe('the sign-in screen', () => {
  it('says the address is verified when the verification sent the member here', async () => {
    renderScreen(<SignInPanel />, { path: '/signin', at: { pathname: '/signin', state: { emailVerified: true } } });
    expect((await screen.findByRole('status')).textContent).toBe('Your e-mail is verified. Sign in to continue.');
  });

  it('says nothing of the kind to anyone else', async () => {
    renderScreen(<SignInPanel />, { path: '/signin' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByText('Your e-mail is verified. Sign in to continue.')).toBeNull();
  });
});
