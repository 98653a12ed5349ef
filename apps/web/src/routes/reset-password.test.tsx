import { createFakeAuthService } from '@fansite/auth/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp.tsx';

async function withResetCode() {
  const auth = createFakeAuthService({ 'ann@example.com': 'secret1' });
  await auth.sendPasswordReset('ann@example.com');
  return { auth, code: auth.resetCodes.get('ann@example.com')! };
}

async function choose(password: string, confirmation: string) {
  await userEvent.type(await screen.findByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('/reset-password', () => {
  it('verifies the code, shows the email, and resets the password', async () => {
    const { auth, code } = await withResetCode();
    const { router } = renderApp(`/reset-password?oobCode=${code}`, { auth });

    expect(await screen.findByLabelText('Email')).toHaveValue('ann@example.com');
    await choose('new-secret', 'new-secret');

    await waitFor(() =>
      expect(router.state.location.href).toBe('/login?success=Password+reset+successfully'),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Password reset successfully');
    await auth.signIn('ann@example.com', 'new-secret');
  });

  it('asks for two matching passwords', async () => {
    const { auth, code } = await withResetCode();
    renderApp(`/reset-password?oobCode=${code}`, { auth });

    await choose('new-secret', 'other-secret');

    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
  });

  it('shows the error of a code that does not verify, and no form', async () => {
    renderApp('/reset-password?oobCode=used-code');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has already been used. Please ask for a new one.',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says what is wrong with a link that has no code, without asking the identity service', async () => {
    const auth = createFakeAuthService();
    let asked = false;
    auth.verifyResetCode = async () => {
      asked = true;
      throw new Error('Error');
    };
    renderApp('/reset-password', { auth });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is incomplete. Open the link from the email again, or ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    expect(asked).toBe(false);
  });
});
