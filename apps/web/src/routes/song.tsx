import { FAVORITE_PLAYLIST_ID, isPlaylistId, isYoutubeId, type Song } from '@fansite/contract';
import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '../features/site-chrome/PageNotFound.tsx';
import { SongPage } from '../features/song/SongPage.tsx';
import { countParam, idParam, textParam, type SearchInput } from '../lib/search-params.ts';
import { paths } from '../lib/paths.ts';
import { routeHead, type RouteHead } from '../ssr/head.ts';

type SongSearch = {
  s?: string;
  p?: string;
  /** Present (`&shuffle`, `&shuffle=true`) means on. */
  shuffle?: string;
  /** Seconds into the song, from a shared link. */
  t?: number;
};

export const Route = createFileRoute('/song')({
  // Malformed values name no song: the page shows the 404 view for them.
  validateSearch: (search: SearchInput<SongSearch>): SongSearch => ({
    s: idParam(search.s, isYoutubeId),
    p: idParam(search.p, isPlaylistId),
    shuffle: textParam(search.shuffle, { maxLength: 5 }),
    t: countParam(search.t),
  }),
  loaderDeps: ({ search: { s, p } }) => ({ s, p }),
  // The song and what the page shows of its playlist (the Next card's song and Up next's ten)
  // are the page's main content: the server waits for them, and the HTML carries those songs
  // alone, not the whole playlist, which the browser reads once the page shows (Up next and the
  // queue buttons go on from it). The browser shows the page at once and the page reads them
  // itself, as the signed-in listener it may be. The favourites are someone's: their list is read
  // in the browser, once signed in.
  loader: async ({ context: { queryClient, queries, serverRender }, deps: { s, p } }) => {
    if (!serverRender || !s || !p) return;
    await Promise.all([
      queryClient.prefetchQuery(queries.song.get({ s, p }, null)),
      p === FAVORITE_PLAYLIST_ID
        ? undefined
        : queryClient.prefetchQuery(queries.playlist.upNext({ p, s })),
    ]);
  },
  head: ({ match: { context, search } }): RouteHead => {
    const { s, p, t } = search;
    const song =
      s && p
        ? context.queryClient.getQueryData<Song>(context.queries.song.get({ s, p }, null).queryKey)
        : undefined;
    if (!s || !p || !song) return routeHead(context.brand, { page: 'Song', path: paths.home });
    return routeHead(context.brand, {
      page: song.title,
      description: `${song.title} by ${song.author_name}. ${song.description}`,
      // A shared link that starts part-way through keeps its start in the preview's address.
      path: paths.song(s, p, { startSeconds: t ?? 0 }),
      image: `https://i.ytimg.com/vi/${encodeURIComponent(s)}/hqdefault.jpg`,
      type: 'video.other',
    });
  },
  component: SongRoute,
});

function SongRoute() {
  const { s, p, shuffle, t } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!s || !p) return <PageNotFound />;
  const shuffleOn = shuffle !== undefined && shuffle !== 'false';
  // Written as shuffle=true: an empty value (`&shuffle`) would be dropped from the address.
  const shuffleParam = (on: boolean) => (on ? 'true' : undefined);
  return (
    <SongPage
      videoId={s}
      playlistId={p}
      shuffle={shuffleOn}
      startSeconds={t}
      onOpenSong={(song) =>
        navigate({
          search: { s: song.videoId, p: song.playlistId, shuffle: shuffleParam(shuffleOn) },
        })
      }
      notFoundView={<PageNotFound />}
      onShuffleChange={(on) =>
        navigate({
          search: (previous) => ({ ...previous, shuffle: shuffleParam(on) }),
          replace: true,
        })
      }
    />
  );
}
