import { createFakeAuthService } from '@fansite/auth/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp.tsx';

const accounts = { 'ann@example.com': 'secret1' };

async function signIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/login', () => {
  afterEach(() => vi.restoreAllMocks());

  it('signs in and goes home, where the navbar shows the account menu', async () => {
    const { router } = renderApp('/login', { auth: createFakeAuthService(accounts) });

    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await signIn('ann@example.com', 'secret1');

    await waitFor(() => expect(router.state.location.href).toBe('/'));
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByText('ann@example.com')).toBeVisible();
  });

  it('shows the identity service error in the red box', async () => {
    renderApp('/login', { auth: createFakeAuthService(accounts) });

    await signIn('ann@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email address or password is incorrect.',
    );
  });

  it('shows the success message of the page before in green', async () => {
    renderApp('/login?success=Password+reset+successfully');

    expect(await screen.findByRole('status')).toHaveTextContent('Password reset successfully');
  });

  it('goes back to the page that asked for a sign-in, never to another site', async () => {
    const { router } = renderApp('/login?redirect=%2Faccount%2Fchange-password', {
      auth: createFakeAuthService(accounts),
    });
    await signIn('ann@example.com', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/change-password'));
  });

  it('links to sign up and to the forgotten password page', async () => {
    renderApp('/login');

    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('asks for the email address and the password before asking the identity service', async () => {
    const auth = createFakeAuthService(accounts);
    const signInCalls = vi.spyOn(auth, 'signIn');
    renderApp('/login', { auth });

    await signIn('ann@example', ' ');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address, such as name@example.com.',
    );
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription();
    expect(signInCalls).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
