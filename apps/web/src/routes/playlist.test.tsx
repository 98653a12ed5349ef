import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { songSummary } from '../test/fixtures.ts';
import { renderApp } from '../test/renderApp.tsx';
import type { FakeApi } from '../test/fakeApi.ts';

const gaming = { id: 'gaming', category_name: 'Gaming nightcore', description: '' };

const api: FakeApi = {
  playlistGet: (query) =>
    query.get('p') === 'gaming'
      ? {
          data: {
            playlist: gaming,
            songs: [
              songSummary('dQw4w9WgXcQ', 'Angel with a shotgun', { author_name: 'The Cab' }),
              songSummary('kJQP7kiw5Fk', 'Monster'),
            ],
          },
        }
      : { code: 404, message: 'Playlist not found' },
};

describe('/playlist', () => {
  afterEach(() => vi.restoreAllMocks());

  it('titles the page with the playlist name', async () => {
    renderApp('/playlist?p=gaming', { api });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gaming nightcore' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Gaming nightcore | Nightcore'));
  });

  it('lists its songs, each playing in this playlist', async () => {
    renderApp('/playlist?p=gaming', { api });

    const list = await screen.findByRole('list', { name: 'Songs' });
    const songs = within(list).getAllByRole('link');
    expect(songs).toHaveLength(2);
    expect(songs[0]).toHaveAttribute('href', '/song?s=dQw4w9WgXcQ&p=gaming');
    expect(songs[0]).toHaveTextContent('Angel with a shotgun');
    expect(songs[0]).toHaveTextContent('The Cab');
  });

  it('renders only the songs on screen of a long playlist, with their lengths', async () => {
    const songs = Array.from({ length: 250 }, (_, index) =>
      songSummary(`video${String(index).padStart(6, '0')}`, `Song ${index + 1}`, { duration: 185 }),
    );
    renderApp('/playlist?p=long', {
      api: { playlistGet: () => ({ data: { playlist: { ...gaming, id: 'long' }, songs } }) },
    });

    const list = await screen.findByRole('list', { name: 'Songs' });
    const shown = within(list).getAllByRole('listitem');
    expect(shown.length).toBeLessThan(50);
    expect(shown[0]).toHaveAttribute('aria-setsize', '250');
    expect(within(list).getByRole('link', { name: /Song 1\b/ })).toHaveTextContent('3:05');
    expect(within(list).queryByRole('link', { name: /Song 250/ })).toBeNull();
  });

  it('says so when the playlist is empty, with a way back', async () => {
    renderApp('/playlist?p=gaming', {
      api: { playlistGet: () => ({ data: { playlist: gaming, songs: [] } }) },
    });

    expect(await screen.findByRole('heading', { name: 'No songs found' })).toBeVisible();
    expect(screen.getByText('This playlist is empty')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to playlists' })).toHaveAttribute(
      'href',
      '/playlists',
    );
    expect(screen.queryByRole('list', { name: 'Songs' })).toBeNull();
  });

  it('shows the 404 view for a playlist the API does not know', async () => {
    renderApp('/playlist?p=unknown', { api });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it('shows the 404 view when no playlist is named, without calling the API', async () => {
    const { requestsTo } = renderApp('/playlist', { api });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(requestsTo('/playlist/get')).toHaveLength(0);
  });

  it('reads an all-digit playlist id as it is written', async () => {
    const { requestsTo } = renderApp('/playlist?p=123', { api });

    await screen.findByRole('heading', { name: 'Page not found' });
    expect(requestsTo('/playlist/get')[0]?.searchParams.get('p')).toBe('123');
  });

  it('shows the server message when the playlist fails to load', async () => {
    // React and the router report the error the route's boundary catches: here it is expected.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    renderApp('/playlist?p=gaming', {
      api: {
        playlistGet: (query) =>
          ++calls === 1 ? { code: 500, message: 'Database unavailable' } : api.playlistGet!(query),
      },
    });

    expect(await screen.findByRole('heading', { name: 'Database unavailable' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    const list = await screen.findByRole('list', { name: 'Songs' });
    expect(within(list).getAllByRole('link')).toHaveLength(2);
  });
});
