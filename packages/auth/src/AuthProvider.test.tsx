import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './AuthProvider.tsx';
import { createFakeAuthService } from './testing.ts';

function WhoIsSignedIn() {
  const { user, ready } = useAuth();
  if (!ready) return <p>restoring</p>;
  return <p>{user ? `signed in as ${user.email}` : 'signed out'}</p>;
}

describe('AuthProvider', () => {
  it('is not ready until the saved session is known, then follows sign-in and sign-out', async () => {
    const service = createFakeAuthService({ 'ann@example.com': 'secret1' });
    render(
      <AuthProvider service={service}>
        <WhoIsSignedIn />
      </AuthProvider>,
    );
    expect(screen.getByText('restoring')).toBeInTheDocument();
    expect(await screen.findByText('signed out')).toBeInTheDocument();

    await act(() => service.signIn('ann@example.com', 'secret1'));
    expect(screen.getByText('signed in as ann@example.com')).toBeInTheDocument();

    await act(() => service.signOut());
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('tells when the signed-in person is gone, and only then', async () => {
    const service = createFakeAuthService({
      'ann@example.com': 'secret1',
      'bo@example.com': 'secret2',
    });
    const onSignOut = vi.fn();
    render(
      <AuthProvider service={service} onSignOut={onSignOut}>
        <WhoIsSignedIn />
      </AuthProvider>,
    );
    expect(await screen.findByText('signed out')).toBeInTheDocument();

    await act(() => service.signIn('ann@example.com', 'secret1'));
    expect(onSignOut).not.toHaveBeenCalled();
    await act(() => service.signIn('bo@example.com', 'secret2'));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    await act(() => service.signOut());
    expect(onSignOut).toHaveBeenCalledTimes(2);
  });

  it('restores a saved session', async () => {
    const service = createFakeAuthService({ 'ann@example.com': 'secret1' }, 'ann@example.com');
    render(
      <AuthProvider service={service}>
        <WhoIsSignedIn />
      </AuthProvider>,
    );
    expect(await screen.findByText('signed in as ann@example.com')).toBeInTheDocument();
  });

  it('is needed by useAuth', () => {
    const consoleError = console.error;
    console.error = () => {};
    try {
      expect(() => render(<WhoIsSignedIn />)).toThrow('useAuth must be used below an AuthProvider');
    } finally {
      console.error = consoleError;
    }
  });
});
