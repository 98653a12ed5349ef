import { createFakeAuthService } from '@fansite/auth/testing';
import type { CallData } from '@fansite/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const EMAIL = 'ann@example.com';
const verified = () => createFakeAuthService({ [EMAIL]: 'secret1' }, EMAIL, [EMAIL]);
const unverified = () => createFakeAuthService({ [EMAIL]: 'secret1' }, EMAIL);

const withPatreon = (info: Partial<CallData<'accountPatreonInfo'>> = {}): FakeApi => ({
  accountInfo: () => ({
    data: {
      discord: null,
      discord_id: null,
      subscriber: false,
      discord_linking: false,
      staff: false,
    },
  }),
  accountPatreonInfo: () => ({
    data: { linking: true, patreon: null, paid_until: null, email_verified: true, ...info },
  }),
});

const patreonBox = () => screen.findByRole('region', { name: 'Patreon membership' });

describe('the Patreon box', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers to link Patreon and goes where the server says', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api: FakeApi = {
      ...withPatreon(),
      accountPatreonAuthorize: () => ({ data: { url: 'https://patreon.test/oauth2/authorize' } }),
    };
    const { requestsTo } = renderApp('/account', { auth: verified(), api });
    const box = await patreonBox();
    await userEvent.click(await within(box).findByRole('button', { name: 'Link Patreon' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://patreon.test/oauth2/authorize'),
    );
    expect(requestsTo('/account/patreon_authorize')).toHaveLength(1);
    expect(within(box).queryByText(/Verify your email/)).toBeNull();
    vi.unstubAllGlobals();
  });

  it('shows the linked Patreon name and how long the membership is paid for', async () => {
    renderApp('/account', {
      auth: verified(),
      api: withPatreon({ patreon: 'Platform Team', paid_until: '2026-12-27 00:00:00+00' }),
    });
    const box = await patreonBox();
    await waitFor(() => expect(box).toHaveTextContent('Connected as Platform Team'));
    expect(box).toHaveTextContent('Membership paid until December 27, 2026.');
    expect(within(box).getByRole('button', { name: 'Disconnect' })).toBeVisible();
  });

  it('asks an unverified account to verify its email, and sends the email again', async () => {
    const auth = unverified();
    renderApp('/account', { auth, api: withPatreon({ email_verified: false }) });
    const box = await patreonBox();
    expect(
      await within(box).findByText('Verify your email to receive your Patreon membership.'),
    ).toBeVisible();
    await userEvent.click(within(box).getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText(`A verification email is on its way to ${EMAIL}.`),
    ).toBeVisible();
    expect(auth.verificationCodes.get(EMAIL)).toBeDefined();
  });
});

describe('/verify-email', () => {
  afterEach(() => vi.restoreAllMocks());

  it('applies the link’s code, and the account no longer asks for verification', async () => {
    const auth = unverified();
    await auth.sendEmailVerification('http://site.test/account');
    const code = auth.verificationCodes.get(EMAIL)!;
    renderApp(`/verify-email?oobCode=${code}`, { auth, api: withPatreon() });
    expect(
      await screen.findByText(
        'Your email address is verified. A Patreon membership under this address is now yours.',
      ),
    ).toBeVisible();
    expect((await auth.currentUser())?.emailVerified).toBe(true);
  });

  it('says what to do with a link that does not work', async () => {
    renderApp('/verify-email?oobCode=used-already', { auth: unverified(), api: withPatreon() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link is incomplete, has expired or was already used.',
    );
  });
});
