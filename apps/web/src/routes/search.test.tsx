import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { songSummary } from '../test/fixtures.ts';
import { renderApp } from '../test/renderApp.tsx';
import type { FakeApi } from '../test/fakeApi.ts';

// The route, its chunk and its data load one after another: on a busy machine that takes more
// than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

const api: FakeApi = {
  songSearch: () => ({
    data: [
      songSummary('dQw4w9WgXcQ', 'Angel with a shotgun', {
        author_name: 'The Cab',
        category_id: 'gaming',
        category_name: 'Gaming nightcore',
        date_added: '2026-01-02T03:04:05.000Z',
        new: 'true',
      }),
      songSummary('kJQP7kiw5Fk', 'Monster', { date_added: '2024-07-04T00:00:00.000Z' }),
    ],
  }),
};

describe('/search', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the query and a row per song with its date and badges', async () => {
    const { requestsTo } = renderApp('/search?q=angel', { api });

    expect(await screen.findByRole('heading', { level: 1, name: 'SEARCH RESULTS' })).toBeVisible();
    expect(screen.getByText('angel')).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Search results' });
    const [first, second] = within(list).getAllByRole('listitem');
    const row = within(first!);
    expect(row.getByRole('link', { name: 'Angel with a shotgun' })).toHaveAttribute(
      'href',
      '/song?s=dQw4w9WgXcQ&p=gaming',
    );
    expect(first).toHaveTextContent('January 2, 2026');
    expect(row.getByText('New')).toBeVisible();
    expect(row.getByRole('link', { name: 'The Cab' })).toHaveAttribute(
      'href',
      '/search?q=The+Cab&type=artist',
    );
    expect(row.getByRole('link', { name: 'Gaming nightcore' })).toHaveAttribute(
      'href',
      '/playlist?p=gaming',
    );
    expect(within(second!).queryByText('New')).toBeNull();

    const sent = requestsTo('/song/search')[0]!.searchParams;
    expect(Object.fromEntries(sent)).toEqual({ s: 'angel', orderBy: 'title', orderDir: 'ASC' });
  });

  it.each([
    ['Z-A', 'za', { orderBy: 'title', orderDir: 'DESC' }],
    ['Newest', 'newest', { orderBy: 'date_added', orderDir: 'DESC' }],
    ['Oldest', 'oldest', { orderBy: 'date_added', orderDir: 'ASC' }],
  ])('sorts %s', async (label, param, input) => {
    const { requestsTo, router } = renderApp('/search?q=angel', { api });
    const sort = await screen.findByLabelText('Sort by');
    expect(sort).toHaveDisplayValue('A-Z');

    await userEvent.selectOptions(sort, label);

    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: param }));
    await waitFor(() =>
      expect(Object.fromEntries(requestsTo('/song/search').at(-1)!.searchParams)).toEqual({
        s: 'angel',
        ...input,
      }),
    );
  });

  it('searches artists only when asked', async () => {
    const { requestsTo } = renderApp('/search?q=The+Cab&type=artist', { api });

    await screen.findByRole('list', { name: 'Search results' });
    expect(requestsTo('/song/search')[0]!.searchParams.get('type')).toBe('artist');
  });

  it("shows the server's message when the search fails", async () => {
    renderApp('/search?q=angel', {
      api: {
        songSearch: () => ({ code: 400, message: 'a search text has at most 100 characters' }),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'a search text has at most 100 characters',
    );
  });

  it('shows the generic message when the server gives none', async () => {
    renderApp('/search?q=angel', { api: { songSearch: () => ({ code: 500, message: '' }) } });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while fetching data.',
    );
  });

  it('says so when nothing matches', async () => {
    renderApp('/search?q=zzz', { api: { songSearch: () => ({ data: [] }) } });

    expect(await screen.findByRole('heading', { name: 'No songs found' })).toBeVisible();
  });
});
