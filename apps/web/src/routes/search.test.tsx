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
  songSearchPage: () => ({
    data: {
      total: 2,
      offset: 0,
      songs: [
        songSummary('dQw4w9WgXcQ', 'Angel with a shotgun', {
          author_name: 'The Cab',
          category_id: 'gaming',
          category_name: 'Gaming nightcore',
          date_added: '2026-01-02T03:04:05.000Z',
          new: 'true',
        }),
        songSummary('kJQP7kiw5Fk', 'Monster', { date_added: '2024-07-04T00:00:00.000Z' }),
      ],
    },
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

    const sent = requestsTo('/song/searchpage')[0]!.searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      s: 'angel',
      orderBy: 'title',
      orderDir: 'ASC',
      offset: '0',
    });
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
      expect(Object.fromEntries(requestsTo('/song/searchpage').at(-1)!.searchParams)).toEqual({
        s: 'angel',
        ...input,
        offset: '0',
      }),
    );
  });

  it('searches artists only when asked', async () => {
    const { requestsTo } = renderApp('/search?q=The+Cab&type=artist', { api });

    await screen.findByRole('list', { name: 'Search results' });
    expect(requestsTo('/song/searchpage')[0]!.searchParams.get('type')).toBe('artist');
  });

  it("shows the server's message at once when the search fails, and Retry asks again", async () => {
    let calls = 0;
    const { requestsTo } = renderApp('/search?q=angel', {
      api: {
        songSearchPage: (query) =>
          ++calls === 1
            ? { code: 429, message: 'Too many searches, wait a minute.' }
            : api.songSearchPage!(query),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many searches, wait a minute.');
    // Shown after the one answer: no retries hold the message back.
    expect(requestsTo('/song/searchpage')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the generic message when the server gives none', async () => {
    renderApp('/search?q=angel', { api: { songSearchPage: () => ({ code: 500, message: '' }) } });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while fetching data.',
    );
  });

  it('says how many songs match and loads the next page when the list ends', async () => {
    const song = (index: number) =>
      songSummary(`video${String(index).padStart(6, '0')}`, `Song ${index}`, { duration: 200 });
    const { requestsTo } = renderApp('/search?q=song', {
      api: {
        songSearchPage: (query) => {
          const offset = Number(query.get('offset'));
          const songs = offset === 0 ? [song(1), song(2), song(3)] : [song(4), song(5)];
          return { data: { total: 5, offset, songs } };
        },
      },
    });

    expect(await screen.findByText('5 songs')).toHaveAttribute('role', 'status');
    const list = await screen.findByRole('list', { name: 'Search results' });
    // Three rows fit on jsdom's screen: the end of the list is in sight, so the next page comes.
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '5');
    expect(within(list).getByRole('link', { name: 'Song 5' })).toBeVisible();
    expect(requestsTo('/song/searchpage').map((url) => url.searchParams.get('offset'))).toEqual([
      '0',
      '3',
    ]);
  });

  it('says so when nothing matches', async () => {
    renderApp('/search?q=zzz', {
      api: { songSearchPage: () => ({ data: { total: 0, offset: 0, songs: [] } }) },
    });

    expect(await screen.findByRole('heading', { name: 'No songs found' })).toBeVisible();
  });
});
