import { createFakeAuthService } from '@fansite/auth/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDeepStrictEqual as isEqual } from 'node:util';
import { songSummary } from '../test/fixtures.ts';
import { renderApp } from '../test/renderApp.tsx';
import type { FakeApi } from '../test/fakeApi.ts';

const signedIn = () => createFakeAuthService({ 'ann@example.com': 'secret1' }, 'ann@example.com');

const favoriteSong = { ...songSummary('dQw4w9WgXcQ', 'Angel with a shotgun'), description: '' };
const withFavorites: FakeApi = {
  favoriteGetAll: () => ({ data: { songs: [favoriteSong] } }),
  favoriteGetLatest: () => ({ data: { youtube_url: 'dQw4w9WgXcQ' } }),
};

describe('/account', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends a signed-out visitor to log in, and back after signing in', async () => {
    const { router } = renderApp('/account/change-password', {
      auth: createFakeAuthService({ 'ann@example.com': 'secret1' }),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await userEvent.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/change-password'));
  });

  it('welcomes the user and lists the favourites, each playing in the favourites', async () => {
    const { requestsTo } = renderApp('/account', { auth: signedIn(), api: withFavorites });

    expect(await screen.findByRole('heading', { name: 'Welcome, ann@example.com!' })).toBeVisible();
    const favorites = await screen.findByRole('list', { name: 'Favorite songs' });
    expect(within(favorites).getByRole('link')).toHaveAttribute(
      'href',
      '/song?s=dQw4w9WgXcQ&p=favorite',
    );
    expect(requestsTo('/favorite/getall')).toHaveLength(1);
  });

  it('forgets the favourites read for the person who signs out', async () => {
    const { queryClient } = renderApp('/account', { auth: signedIn(), api: withFavorites });
    await screen.findByRole('list', { name: 'Favorite songs' });
    const readFor = (uid: string | null) =>
      queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.queryKey.some((part) => isEqual(part, { viewer: uid })));
    expect(readFor('uid-ann@example.com')).not.toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(readFor('uid-ann@example.com')).toHaveLength(0));
  });

  it('says when there are no favourites', async () => {
    renderApp('/account', {
      auth: signedIn(),
      api: { favoriteGetAll: () => ({ data: { songs: [] } }) },
    });

    expect(await screen.findByText('There are no songs in your favorites.')).toBeVisible();
  });

  it('says when the favourites fail to load, and shows them after Retry', async () => {
    let serverDown = true;
    renderApp('/account', {
      auth: signedIn(),
      api: {
        ...withFavorites,
        favoriteGetAll: (query) =>
          serverDown
            ? { code: 500, message: 'Database unavailable' }
            : withFavorites.favoriteGetAll!(query),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    serverDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    const favorites = await screen.findByRole('list', { name: 'Favorite songs' });
    expect(within(favorites).getByRole('link')).toHaveTextContent('Angel with a shotgun');
  });

  it('plays the favourites from the latest one', async () => {
    const { router } = renderApp('/account', { auth: signedIn(), api: withFavorites });

    const sidebar = within(await screen.findByRole('navigation', { name: 'Account' }));
    expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/account');
    expect(sidebar.getByRole('link', { name: 'Change Password' })).toHaveAttribute(
      'href',
      '/account/change-password',
    );
    await userEvent.click(sidebar.getByRole('button', { name: 'Play Favorites' }));

    await waitFor(() => expect(router.state.location.href).toBe('/song?s=dQw4w9WgXcQ&p=favorite'));
  });

  it('signs out from the navbar menu and goes home', async () => {
    const auth = signedIn();
    const { router } = renderApp('/account', { auth, api: withFavorites });

    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    await userEvent.click(await nav.findByRole('button', { name: 'Account' }));
    const menu = within(nav.getByRole('list', { name: 'Account' }));
    expect(menu.getByText('ann@example.com')).toBeVisible();
    expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/account');
    await userEvent.click(menu.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await auth.currentUser()).toBeNull();
    expect(await nav.findByRole('link', { name: 'Account' })).toHaveAttribute('href', '/login');
  });
});

describe('/account/change-password', () => {
  afterEach(() => vi.restoreAllMocks());

  async function change(fields: { current?: string; next?: string; confirmation?: string }) {
    const form = within(await screen.findByRole('main'));
    if (fields.current)
      await userEvent.type(form.getByLabelText('Current password'), fields.current);
    if (fields.next) await userEvent.type(form.getByLabelText('New password'), fields.next);
    if (fields.confirmation) {
      await userEvent.type(form.getByLabelText('Confirm new password'), fields.confirmation);
    }
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
  }

  it.each([
    [{}, 'Please fill in the current password field'],
    [{ current: 'secret1', next: 'new-secret' }, 'Please fill in both new password fields'],
    [{ current: 'secret1', next: 'new-secret', confirmation: 'other' }, 'Passwords do not match'],
    [
      { current: 'wrong', next: 'new-secret', confirmation: 'new-secret' },
      'The email address or password is incorrect.',
    ],
  ])('refuses %o with a message', async (fields, message) => {
    renderApp('/account/change-password', { auth: signedIn() });
    await change(fields);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('re-authenticates, updates the password and says so', async () => {
    const auth = signedIn();
    renderApp('/account/change-password', { auth });

    await change({ current: 'secret1', next: 'new-secret', confirmation: 'new-secret' });

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password updated successfully. This will take effect the next time you log in.',
    );
    await auth.signOut();
    await auth.signIn('ann@example.com', 'new-secret');
  });
});
