import { createFakeAuthService } from '@fansite/auth/testing';
import type { Song } from '@fansite/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { songSummary } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import type { FakeApi } from '../../test/fakeApi.ts';

// Routes, their chunks and their data load one after another: slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const playlist = [
  songSummary('dQw4w9WgXcQ', 'Angel with a shotgun', { author_name: 'The Cab', duration: 215 }),
  songSummary('kJQP7kiw5Fk', 'Monster', { author_name: 'Skillet', duration: 185 }),
  songSummary('aaaaaaaaaaa', 'Faded', { author_name: 'Alan Walker', duration: 3500 }),
];

const songOf = (index: number): Song => ({
  ...playlist[index]!,
  description: '',
  next: playlist[index + 1]?.youtube_url ?? null,
  next_title: playlist[index + 1]?.title ?? null,
  previous: playlist[index - 1]?.youtube_url ?? null,
  first_song: playlist[0]!.youtube_url,
});

const api: FakeApi = {
  playlistGet: () => ({
    data: {
      playlist: { id: 'gaming', category_name: 'Gaming nightcore', description: '' },
      songs: playlist,
    },
  }),
  playlistAll: () => ({ data: [] }),
  playlistExplore: () => ({ data: [] }),
  songGet: (query) => {
    const index = playlist.findIndex((song) => song.youtube_url === query.get('s'));
    return index === -1 ? { code: 404, message: 'Song not found' } : { data: songOf(index) };
  },
  songRandom: () => ({ data: { youtube_url: 'aaaaaaaaaaa', category_id: 'gaming' } }),
};

const playerBar = () => within(screen.getByRole('region', { name: 'Player' }));
/** The bar once it shows: its code is fetched when the first song is set. */
const shownPlayerBar = async () => within(await screen.findByRole('region', { name: 'Player' }));

describe('the player bar', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('is not there before anything plays', async () => {
    renderApp('/playlist?p=gaming', { api });

    await screen.findByRole('heading', { level: 1, name: 'Gaming nightcore' });
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
  });

  it('plays a playlist from its banner, with its count and length, and stays while browsing', async () => {
    const { router, requestsTo } = renderApp('/playlist?p=gaming', { api });

    expect(await screen.findByText('3 songs · 1 h 5 min')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Play all' }));

    expect(
      await (await shownPlayerBar()).findByRole('link', { name: 'Angel with a shotgun' }),
    ).toHaveAttribute('href', '/song?s=dQw4w9WgXcQ&p=gaming');
    expect(playerBar().getByText('The Cab')).toBeVisible();
    expect(playerBar().getByRole('button', { name: 'Previous song' })).toBeDisabled();

    // Next plays in place: the page stays where the visitor is.
    await userEvent.click(playerBar().getByRole('button', { name: 'Next song' }));
    expect(await playerBar().findByRole('link', { name: 'Monster' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/playlist');
    expect(requestsTo('/song/get').map((url) => url.searchParams.get('s'))).toEqual([
      'dQw4w9WgXcQ',
      'kJQP7kiw5Fk',
    ]);

    await router.navigate({ to: '/playlists' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/playlists'));
    expect(playerBar().getByRole('link', { name: 'Open the song page' })).toHaveAttribute(
      'href',
      '/song?s=kJQP7kiw5Fk&p=gaming',
    );
  });

  it('shuffles a playlist: a random song first, shuffle shown as on', async () => {
    const { requestsTo } = renderApp('/playlist?p=gaming', { api });

    await userEvent.click(await screen.findByRole('button', { name: 'Shuffle all' }));

    expect(await (await shownPlayerBar()).findByRole('link', { name: 'Faded' })).toBeVisible();
    expect(requestsTo('/song/random')[0]?.searchParams.get('p')).toBe('gaming');
    const shuffle = playerBar().getByRole('button', { name: 'Shuffle' });
    expect(shuffle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(shuffle);
    expect(shuffle).toHaveAttribute('aria-pressed', 'false');
  });

  it('opens the song page as the expanded view, which lists what plays next', async () => {
    renderApp('/playlist?p=gaming', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Play all' }));

    await userEvent.click(await playerBar().findByRole('link', { name: 'Open the song page' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Angel with a shotgun' }),
    ).toBeVisible();
    // The song page shows the song: the bar has no link back to it.
    expect(playerBar().queryByRole('link')).toBeNull();
    // The Next card names the next song; Up next goes on from there, never repeating it.
    const nextCard = screen.getByRole('region', { name: 'Next song' });
    expect(within(nextCard).getByRole('link', { name: 'Monster' })).toBeVisible();
    const upNext = await screen.findByRole('list', { name: 'Up next' });
    const rows = within(upNext).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['FadedAlan Walker58:20']);
  });

  it('queues songs from the cards, lists them in the queue panel to reorder and remove', async () => {
    renderApp('/playlist?p=gaming', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Play all' }));
    await (await shownPlayerBar()).findByRole('link', { name: 'Angel with a shotgun' });
    const main = within(screen.getByRole('main'));
    // The playing song's card says so.
    expect(main.getByRole('link', { name: /Angel with a shotgun/ })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await userEvent.click(main.getByRole('button', { name: 'Add Faded to the queue' }));
    await userEvent.click(main.getByRole('button', { name: 'Play Monster next' }));
    expect(playerBar().getAllByRole('button', { name: 'Queue, 2 waiting' }).length).toBeGreaterThan(
      0,
    );

    await userEvent.click(playerBar().getAllByRole('button', { name: 'Queue, 2 waiting' })[0]!);
    const panel = within(screen.getByRole('dialog', { name: 'Queue' }));
    const titles = () =>
      panel.getAllByRole('listitem').map((row) => row.querySelector('strong')?.textContent);
    expect(titles()).toEqual(['Monster', 'Faded']);
    await userEvent.click(panel.getByRole('button', { name: 'Move Faded up' }));
    expect(titles()).toEqual(['Faded', 'Monster']);
    await userEvent.click(panel.getByRole('button', { name: 'Remove Faded from the queue' }));
    expect(titles()).toEqual(['Monster']);

    // Next plays the queue first.
    await userEvent.click(panel.getByRole('button', { name: 'Close' }));
    await userEvent.click(playerBar().getAllByRole('button', { name: 'Next song' })[0]!);
    expect(await playerBar().findByRole('link', { name: 'Monster' })).toBeVisible();
  });

  it('plays from the keyboard on any page and lists the keys on ?', async () => {
    renderApp('/playlist?p=gaming', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Play all' }));
    await (await shownPlayerBar()).findByRole('link', { name: 'Angel with a shotgun' });
    (document.activeElement as HTMLElement | null)?.blur();

    await userEvent.keyboard('n');
    expect(await playerBar().findByRole('link', { name: 'Monster' })).toBeVisible();
    await userEvent.keyboard('r');
    expect(playerBar().getAllByRole('button', { name: 'Repeat' })[0]).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('NNext song');
  });

  it('lists the keys on ? before anything plays, and plays nothing for them', async () => {
    renderApp('/playlist?p=gaming', { api });
    await screen.findByRole('heading', { level: 1, name: 'Gaming nightcore' });

    await userEvent.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('Space or KPlay or pause');
    await userEvent.click(within(help).getByRole('button', { name: /close/i }));
    await userEvent.keyboard('n');

    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
  });

  it('closes: the music stops, the bar goes', async () => {
    renderApp('/playlist?p=gaming', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Play all' }));
    await (await shownPlayerBar()).findByRole('link', { name: 'Angel with a shotgun' });

    await userEvent.click(playerBar().getAllByRole('button', { name: 'Close the player' })[0]!);
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
  });

  it('lets go of the favourites when their owner signs out', async () => {
    const auth = createFakeAuthService({ 'ann@example.com': 'secret1' }, 'ann@example.com');
    const favoriteSong = (index: number) => ({ ...songOf(index), category_id: 'favorite' });
    renderApp('/account', {
      auth,
      api: {
        ...api,
        favoriteGetAll: () => ({
          data: { songs: playlist.slice(0, 2).map((song) => ({ ...song, description: '' })) },
        }),
        songGet: (query) =>
          query.get('p') === 'favorite' && query.get('s') === 'dQw4w9WgXcQ'
            ? { data: favoriteSong(0) }
            : { code: 404, message: 'Song not found' },
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Play all' }));
    expect(
      await (await shownPlayerBar()).findByRole('link', { name: 'Angel with a shotgun' }),
    ).toHaveAttribute('href', '/song?s=dQw4w9WgXcQ&p=favorite');

    await auth.signOut();

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Player' })).toBeNull());
    expect(screen.queryByText('Angel with a shotgun')).toBeNull();
  });
});
