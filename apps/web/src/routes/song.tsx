import { playlistIdSchema, youtubeIdSchema } from '@fansite/contract';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PageNotFound } from '../features/site-chrome/PageNotFound.tsx';
import { SongPage } from '../features/song/SongPage.tsx';

export const Route = createFileRoute('/song')({
  // Malformed values name no song: the page shows the 404 view for them.
  validateSearch: z.object({
    s: youtubeIdSchema.optional().catch(undefined),
    p: playlistIdSchema.optional().catch(undefined),
    /** Present (`&shuffle`, `&shuffle=true`) means on. */
    shuffle: z.string().optional().catch(undefined),
    /** Seconds into the song, from a shared link. */
    t: z.coerce.number().int().nonnegative().optional().catch(undefined),
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
