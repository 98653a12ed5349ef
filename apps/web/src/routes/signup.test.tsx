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

  it('creates the account, then asks for a sign-in with it, saying it was created', async () => {
    const auth = createFakeAuthService();
    const { router } = renderApp('/signup', { auth });

    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeVisible();
    await signUp('new@example.com', 'secret1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your account has been created. Please sign in.',
    );
    expect(await auth.currentUser()).toBeNull();
    await auth.signIn('new@example.com', 'secret1');
  });

  it('never lets a visitor type into the sign-up form once the address says /login', async () => {
    // A slow identity service, as on a phone network: the window in which input used to vanish.
    const auth = createFakeAuthService();
    const signUpNow = auth.signUp.bind(auth);
    auth.signUp = async (email, password) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return signUpNow(email, password);
    };
    const { router } = renderApp('/signup', { auth });
    const enabledFormsOnLogin: string[] = [];
    const unsubscribe = router.history.subscribe(() => {
      if (router.history.location.pathname !== '/login') return;
      if (!screen.queryByRole('heading', { name: 'Create an account' })) return;
      for (const field of screen.queryAllByLabelText(/Email|Password/)) {
        // A field in a disabled fieldset is disabled without its own attribute.
        if (!field.matches(':disabled')) enabledFormsOnLogin.push(field.id);
      }
    });

    await signUp('slow@example.com', 'secret1');
    // While the account is being created, the fields take nothing.
    expect(screen.getByLabelText('Email')).toBeDisabled();

    expect(
      await screen.findByRole('heading', { name: 'Sign in to your account' }, { timeout: 3000 }),
    ).toBeVisible();
    unsubscribe();
    expect(enabledFormsOnLogin).toEqual([]);
    expect(screen.getByLabelText('Email')).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveValue('');
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

  it('says what is wrong with each field before asking the identity service', async () => {
    const auth = createFakeAuthService();
    const signUpCalls = vi.spyOn(auth, 'signUp');
    renderApp('/signup', { auth });

    await userEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter your email address.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Please enter your password.',
    );

    await signUp('ann.example.com', '12345');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address, such as name@example.com.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'The password must be at least 6 characters.',
    );
    expect(signUpCalls).not.toHaveBeenCalled();
  });
});
