import { createFakeAuthService } from '@fansite/auth/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp.tsx';

describe('/forgot-password', () => {
  it('sends the reset email and says to check it', async () => {
    const auth = createFakeAuthService({ 'ann@example.com': 'secret1' });
    renderApp('/forgot-password', { auth });

    await userEvent.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Check your email to reset your password',
    );
    expect(auth.resetCodes.get('ann@example.com')).toBeDefined();
  });
});
