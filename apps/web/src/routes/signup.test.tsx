import { createFakeAuthService } from '@fansite/auth/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp.tsx';

async function signUp(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('/signup', () => {
  afterEach(() => vi.restoreAllMocks());

  it('creates the account, then asks for a sign-in with it', async () => {
    const auth = createFakeAuthService();
    const { router } = renderApp('/signup', { auth });

    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeVisible();
    await signUp('new@example.com', 'secret1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await auth.currentUser()).toBeNull();
    await auth.signIn('new@example.com', 'secret1');
  });

  it('shows why an account cannot be created', async () => {
    renderApp('/signup', {
      auth: createFakeAuthService({ 'taken@example.com': 'secret1' }),
    });

    await signUp('taken@example.com', 'another1');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email address already exists.',
    );
  });
});
