import { createFakeAuthService } from '@fansite/auth/testing';
import { nightcore } from '@fansite/brand-config';
import type { Song } from '@fansite/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { songSummary } from '../test/fixtures.ts';
import { renderApp } from '../test/renderApp.tsx';
import type { FakeApi } from '../test/fakeApi.ts';

// The route, its chunk and its data load one after another: on a busy machine that takes more
// than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

const song = (extra: Partial<Song> = {}): Song => ({
  ...songSummary('dQw4w9WgXcQ', 'Angel with a shotgun', {
    author_name: 'The Cab',
    category_id: 'gaming',
    category_name: 'Gaming nightcore',
    new: 'true',
  }),
  description: 'Original: https://example.com/original\n<b>not bold</b> javascript:alert(1)',
  next: 'kJQP7kiw5Fk',
  next_title: 'Monster',
  previous: null,
  first_song: 'dQw4w9WgXcQ',
  ...extra,
});

const api: FakeApi = {
  songGet: (query) => {
    switch (query.get('s')) {
      case 'dQw4w9WgXcQ':
        return { data: song() };
      case 'kJQP7kiw5Fk':
        return {
          data: song({
            youtube_url: 'kJQP7kiw5Fk',
            title: 'Monster',
            next: null,
            next_title: null,
            previous: 'dQw4w9WgXcQ',
          }),
        };
      default:
        return { code: 404, message: 'Song not found in this playlist' };
    }
  },
  playlistExplore: () => ({
    data: [{ id: 'sad', youtube_url: 'aaaaaaaaaaa', title: 'Faded', category_name: 'Sad' }],
  }),
  contactRequest: () => ({ data: null }),
  songRandom: () => ({ data: { youtube_url: 'kJQP7kiw5Fk', category_id: 'gaming' } }),
};

const SONG_PATH = '/song?s=dQw4w9WgXcQ&p=gaming';

/** A button of the page's action bar (the player bar at the bottom has some of the same). */
async function actionButton(name: string) {
  const actions = await screen.findByRole('toolbar', { name: 'Song actions' });
  return within(actions).getByRole('button', { name });
}

describe('/song', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the song: title, badges, description with safe links, next song, explore more', async () => {
    renderApp(SONG_PATH, { api });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Angel with a shotgun' }),
    ).toBeVisible();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('New')).toBeVisible();
    expect(main.getByRole('link', { name: 'The Cab' })).toHaveAttribute(
      'href',
      '/search?q=The+Cab&type=artist',
    );
    expect(main.getByRole('link', { name: 'Gaming nightcore' })).toHaveAttribute(
      'href',
      '/playlist?p=gaming',
    );
    const original = main.getByRole('link', { name: 'https://example.com/original' });
    expect(original).toHaveAttribute('rel', 'noopener noreferrer');
    expect(main.getByText(/<b>not bold<\/b>/)).toBeVisible();
    expect(main.queryByRole('link', { name: /javascript/ })).toBeNull();

    const nextSong = main.getByRole('region', { name: 'Next song' });
    expect(within(nextSong).getByRole('link', { name: 'Monster' })).toHaveAttribute(
      'href',
      '/song?s=kJQP7kiw5Fk&p=gaming',
    );
    const explore = await main.findByRole('region', { name: 'Explore more' });
    expect(within(explore).getByRole('link', { name: /Faded/ })).toHaveAttribute(
      'href',
      '/song?s=aaaaaaaaaaa&p=sad',
    );
    await waitFor(() => expect(document.title).toBe('Angel with a shotgun | Nightcore'));
  });

  it('shows the action bar; previous is off on the first song, shuffle follows the URL', async () => {
    renderApp(`${SONG_PATH}&shuffle`, { api });

    const actions = await screen.findByRole('toolbar', { name: 'Song actions' });
    const bar = within(actions);
    expect(bar.getByRole('button', { name: 'Previous song' })).toBeDisabled();
    expect(bar.getByRole('button', { name: 'Next song' })).toBeEnabled();
    expect(bar.getByRole('button', { name: 'Shuffle' })).toHaveAttribute('aria-pressed', 'true');
    expect(bar.getByRole('button', { name: 'Repeat' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(bar.getByRole('button', { name: 'Repeat' }));
    expect(bar.getByRole('button', { name: 'Repeat' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('turns shuffle on in the URL', async () => {
    const { router } = renderApp(SONG_PATH, { api });

    await userEvent.click(await actionButton('Shuffle'));

    await waitFor(() => expect(router.state.location.search).toMatchObject({ shuffle: 'true' }));
    expect(await actionButton('Shuffle')).toHaveAttribute('aria-pressed', 'true');
  });

  it('turns off the shuffle of a link written with a bare `&shuffle`', async () => {
    const { router } = renderApp(`${SONG_PATH}&shuffle`, { api });

    await userEvent.click(await actionButton('Shuffle'));

    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('shuffle'));
    expect(await actionButton('Shuffle')).toHaveAttribute('aria-pressed', 'false');
  });

  it('goes to the next song in the URL', async () => {
    const { router } = renderApp(SONG_PATH, { api });

    await userEvent.click(await actionButton('Next song'));

    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ s: 'kJQP7kiw5Fk', p: 'gaming' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Monster' })).toBeVisible();
    // The last song has no next one: the preview keeps its place, empty.
    const nextSong = screen.getByRole('region', { name: 'Next song' });
    expect(within(nextSong).queryByRole('link')).toBeNull();
    expect(await actionButton('Previous song')).toBeEnabled();
  });

  it('goes to a random song of the playlist with shuffle on, and keeps it on', async () => {
    const { router, requestsTo } = renderApp(`${SONG_PATH}&shuffle`, { api });

    await userEvent.click(await actionButton('Next song'));

    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        s: 'kJQP7kiw5Fk',
        p: 'gaming',
        shuffle: 'true',
      }),
    );
    expect(requestsTo('/song/random')[0]?.searchParams.get('p')).toBe('gaming');
  });

  it('asks a signed-out visitor who favourites to log in', async () => {
    renderApp(SONG_PATH, { api });

    await userEvent.click(await screen.findByRole('button', { name: 'Add to favorites' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Login required' }));
    expect(dialog.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account');
    expect(dialog.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it('flips the favourite of a signed-in listener without reading the song again', async () => {
    const auth = createFakeAuthService({ 'ann@example.com': 'secret1' }, 'ann@example.com');
    const { requestsTo } = renderApp(SONG_PATH, {
      api: { ...api, favoriteAdd: () => ({ data: null }) },
      auth,
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Add to favorites' }));

    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toBeVisible();
    expect(requestsTo('/favorite/add')).toHaveLength(1);
    expect(requestsTo('/song/get')).toHaveLength(1);
  });

  it("shows the server's message when a song cannot be favourited, not the login dialog", async () => {
    const auth = createFakeAuthService({ 'ann@example.com': 'secret1' }, 'ann@example.com');
    renderApp(SONG_PATH, {
      api: { ...api, favoriteAdd: () => ({ code: 404, message: 'Song not found' }) },
      auth,
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Add to favorites' }));

    expect(await screen.findByText('Song not found')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Login required' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to favorites' })).toBeVisible();
  });

  it('sends no report with a reason under 3 characters', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { requestsTo } = renderApp(SONG_PATH, { api });

    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    await userEvent.type(screen.getByLabelText('Reason'), ' ab ');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));

    expect(alert).toHaveBeenCalledWith('Please enter a valid reason.');
    expect(requestsTo('/contact/request')).toHaveLength(0);
  });

  it('reports a song with a common reason', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { requestsTo } = renderApp(SONG_PATH, { api });

    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    await userEvent.click(screen.getByRole('button', { name: 'Wrong playlist' }));
    expect(screen.getByLabelText('Reason')).toHaveValue('Wrong playlist');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Song reported successfully!'));
    expect(requestsTo('/contact/request')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("copies the song's link and says so", async () => {
    const user = userEvent.setup();
    renderApp(`${SONG_PATH}&shuffle`, { api });

    await user.click(await screen.findByRole('button', { name: 'Copy link' }));

    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/song?s=dQw4w9WgXcQ&p=gaming&shuffle=true`,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Link copied!');
  });

  it('lists the keyboard shortcuts', async () => {
    renderApp(SONG_PATH, { api });

    await userEvent.click(await screen.findByRole('button', { name: 'Keyboard shortcuts' }));

    const help = screen.getByRole('region', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('Space or KPlay or pause');
    expect(help).toHaveTextContent('MMute or unmute');
  });

  it('toggles repeat and shuffle from the keyboard', async () => {
    const { router } = renderApp(SONG_PATH, { api });
    const repeat = await actionButton('Repeat');

    await userEvent.keyboard('r');
    expect(repeat).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('s');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ shuffle: 'true' }));
  });

  it('shows the ad slot only when the brand configures one', async () => {
    renderApp(SONG_PATH, { api });
    await screen.findByRole('heading', { level: 1, name: 'Angel with a shotgun' });
    expect(screen.queryByLabelText('Advertisement')).toBeNull();
  });

  it('shows the configured ad slot', async () => {
    renderApp(SONG_PATH, {
      api,
      brand: { ...nightcore, ads: { client: 'ca-pub-123', slot: '456' } },
    });

    const ad = await screen.findByLabelText('Advertisement');
    expect(ad).toHaveAttribute('data-ad-client', 'ca-pub-123');
    expect(ad).toHaveAttribute('data-ad-slot', '456');
  });

  it('shows the 404 view for a song the API does not know', async () => {
    renderApp('/song?s=zzzzzzzzzzz&p=gaming', { api });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it('shows the 404 view when the address names no song, without calling the API', async () => {
    const { requestsTo } = renderApp('/song?p=gaming', { api });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(requestsTo('/song/get')).toHaveLength(0);
  });
});
