import { createFakeAuthService } from '@fansite/auth/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp.tsx';

const SENT =
  'If an account exists for this email address, a link to reset its password is on its way. Check your email.';

describe('/forgot-password', () => {
  it('sends the reset email and says to check it', async () => {
    const auth = createFakeAuthService({ 'ann@example.com': 'secret1' });
    renderApp('/forgot-password', { auth });

    await userEvent.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(auth.resetCodes.get('ann@example.com')).toBeDefined();
  });

  it('says the same for an address that has no account', async () => {
    // The Auth emulator (and a project without enumeration protection) says so outright.
    const auth = createFakeAuthService({ 'ann@example.com': 'secret1' });
    auth.sendPasswordReset = async () => {
      throw Object.assign(new Error('Firebase: Error (auth/user-not-found).'), {
        code: 'auth/user-not-found',
      });
    };
    renderApp('/forgot-password', { auth });

    await userEvent.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
