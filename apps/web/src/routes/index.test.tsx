import { slowedReverb } from '@fansite/brand-config';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { playlistCard } from '../test/fixtures.ts';
import { renderApp } from '../test/renderApp.tsx';
import type { FakeApi } from '../test/fakeApi.ts';
import { FakeIntersectionObserver } from '../test/intersectionObserver.ts';

const api: FakeApi = {
  playlistAll: (query) => ({
    data:
      query.get('home') === 'true'
        ? [playlistCard('new', 'New songs'), playlistCard('network', 'Network picks')]
        : [],
  }),
  songRandom: () => ({ data: { youtube_url: 'kJQP7kiw5Fk', category_id: 'gaming' } }),
};

describe('/', () => {
  it('shows the brand hero with its ways into the music', async () => {
    renderApp('/', { api });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nightcore music, all in one place' }),
    ).toBeVisible();
    const main = within(screen.getByRole('main'));
    expect(main.getByText(/Faster, brighter, higher/)).toBeVisible();
    expect(main.getByRole('link', { name: 'What is Nightcore?' })).toHaveAttribute(
      'href',
      '/what-is-nightcore',
    );
    expect(main.getByRole('link', { name: 'More music' })).toHaveAttribute('href', '/playlists');
    await waitFor(() => expect(document.title).toBe('Nightcore'));
  });

  it('shows the home playlists with their badges', async () => {
    const { requestsTo } = renderApp('/', { api });

    const list = await screen.findByRole('list', { name: 'Playlists' });
    const [newSongs, network] = within(list).getAllByRole('listitem');
    expect(within(newSongs!).getByRole('link', { name: 'New songs' })).toHaveAttribute(
      'href',
      '/playlist?p=new',
    );
    expect(within(newSongs!).getByText('New')).toBeVisible();
    expect(within(network!).getByText('Network')).toBeVisible();
    expect(requestsTo('/playlist/all')[0]?.searchParams.get('home')).toBe('true');
  });

  it('opens a random song in its playlist', async () => {
    const { router, requestsTo } = renderApp('/', { api });

    await userEvent.click(await screen.findByRole('button', { name: 'Random song' }));

    await waitFor(() => expect(router.state.location.href).toBe('/song?s=kJQP7kiw5Fk&p=gaming'));
    expect(requestsTo('/song/random')).toHaveLength(1);
  });

  it('shows the passion and community texts of the brand', async () => {
    renderApp('/', { api });

    expect(await screen.findByRole('heading', { name: 'Made with passion' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Join the community' })).toBeVisible();
  });

  it('speaks for the brand of the host', async () => {
    renderApp('/', { api, brand: slowedReverb });

    expect(
      await screen.findByRole('heading', { level: 1, name: slowedReverb.hero.title }),
    ).toBeVisible();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'What is Slowed & Reverb?' })).toHaveAttribute(
      'href',
      '/what-is-slowed-reverb',
    );
    await waitFor(() => expect(document.title).toBe('Slowed & Reverb'));
  });

  it('loads the community chat widget only once its section scrolls into view', async () => {
    renderApp('/', { api });

    expect(await screen.findByRole('heading', { level: 2, name: 'Community chat' })).toBeVisible();
    expect(screen.queryByTitle('Community chat')).toBeNull();

    FakeIntersectionObserver.scrollIntoView();
    expect(screen.getByTitle('Community chat')).toHaveAttribute(
      'src',
      'https://discord.com/widget?id=400000000000000001&theme=dark',
    );
  });
});
