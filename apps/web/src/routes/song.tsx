import { isPlaylistId, isYoutubeId } from '@fansite/contract';
import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '../features/site-chrome/PageNotFound.tsx';
import { SongPage } from '../features/song/SongPage.tsx';
import { countParam, idParam, textParam, type SearchInput } from '../lib/search-params.ts';

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
