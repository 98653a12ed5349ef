import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { playlistCard } from '../test/fixtures.ts';
import { renderApp } from '../test/renderApp.tsx';
import type { FakeApi } from '../test/fakeApi.ts';

/** The API's playlists, named after the order they were asked in. */
const api: FakeApi = {
  playlistAll: (query) => ({
    data: [
      playlistCard('new', 'New songs'),
      playlistCard('gaming', `Gaming (${query.get('order') ?? 'popular'})`, { special: true }),
    ],
  }),
};

const sortSelect = () => screen.findByRole('combobox', { name: 'Sort by' });

describe('/playlists', () => {
  it('lists the popular playlists by default, each card leading to its playlist', async () => {
    const { requestsTo } = renderApp('/playlists', { api });

    const list = await screen.findByRole('list', { name: 'Playlists' });
    expect(within(list).getByRole('link', { name: 'Gaming (popular)' })).toHaveAttribute(
      'href',
      '/playlist?p=gaming',
    );
    expect(within(list).getByRole('link', { name: 'New songs' })).toHaveAttribute(
      'href',
      '/playlist?p=new',
    );
    expect(await sortSelect()).toHaveDisplayValue('Popular');
    expect(requestsTo('/playlist/all')[0]?.searchParams.has('order')).toBe(false);
  });

  it('badges the special playlists', async () => {
    renderApp('/playlists', { api });

    const list = await screen.findByRole('list', { name: 'Playlists' });
    const [newSongs, gaming] = within(list).getAllByRole('listitem');
    expect(within(newSongs!).getByText('New')).toBeVisible();
    expect(within(gaming!).getByText('Special')).toBeVisible();
  });

  it.each([
    ['A-Z', 'ASC', 'az'],
    ['Z-A', 'DESC', 'za'],
  ])('sorts %s by asking for order %s', async (label, order, sort) => {
    const { router, requestsTo } = renderApp('/playlists', { api });

    await userEvent.selectOptions(await sortSelect(), label);

    expect(await screen.findByRole('link', { name: `Gaming (${order})` })).toBeVisible();
    expect(requestsTo('/playlist/all').at(-1)?.searchParams.get('order')).toBe(order);
    expect(router.state.location.search).toEqual({ sort });
    expect(await sortSelect()).toHaveDisplayValue(label);
  });

  it('goes back to the bare address for the popular order', async () => {
    const { router } = renderApp('/playlists?sort=za', { api });

    await userEvent.selectOptions(await sortSelect(), 'Popular');

    await waitFor(() => expect(router.state.location.href).toBe('/playlists'));
    expect(await screen.findByRole('link', { name: 'Gaming (popular)' })).toBeVisible();
  });

  it('takes the order from the address, and the default for an unknown one', async () => {
    renderApp('/playlists?sort=nonsense', { api });

    expect(await sortSelect()).toHaveDisplayValue('Popular');
  });

  it('shows the brand description and titles the document', async () => {
    renderApp('/playlists', { api });

    expect(
      await screen.findByText(/Browse every playlist of the site\. Popular playlists come first/),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Playlists' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Playlists | Nightcore'));
  });

  it('shows an empty list when the call fails', async () => {
    renderApp('/playlists', {
      api: { playlistAll: () => ({ code: 500, message: 'Database unavailable' }) },
    });

    const list = await screen.findByRole('list', { name: 'Playlists' });
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.queryByText('Database unavailable')).toBeNull();
  });

  it('reads the whole list when the page it starts from carried only its first cards', async () => {
    const marker: unknown[] = [];
    const { requestsTo, queryClient } = renderApp('/playlists', {
      api,
      // As a page rendered on the server leaves it (`loadPlaylistCards`): one card of two.
      carried: (cache, queries) => {
        const queryKey = queries.playlist.all({}).queryKey;
        cache.setQueryData(queryKey, [playlistCard('new', 'New songs')]);
        marker.push(...queryKey, 'carried in part');
        cache.setQueryData(marker, true);
      },
    });

    const list = await screen.findByRole('list', { name: 'Playlists' });
    expect(await within(list).findByRole('link', { name: 'Gaming (popular)' })).toBeVisible();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(requestsTo('/playlist/all')).toHaveLength(1);
    // Read once: the marker is gone with the part it marked.
    expect(queryClient.getQueryData(marker)).toBeUndefined();
  });
});
