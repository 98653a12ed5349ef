import type { SongSummary } from '@fansite/contract';
import {
  Banner,
  ButtonLink,
  Container,
  EmptyState,
  SongCard,
  VirtualList,
  VisuallyHidden,
} from '@fansite/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { paths } from '../../lib/paths.ts';
import { useCurrentVideoId, useQueueActions } from '../../lib/player/appPlayer.tsx';
import { PlayAllButtons } from '../../lib/player/PlayAllButtons.tsx';
import { formatTotalTime, songCount } from '../../lib/player/totalTime.ts';
import { useAppContext } from '../../lib/useAppContext.ts';

const BannerDetails = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  align-items: center;

  p {
    margin: 0;
    font-weight: 600;
  }
`;

export interface PlaylistPageProps {
  playlistId: string;
}

/** A card's text under its 16:9 picture (title and artist), and a compact phone row, in px. */
const CARD_TEXT_HEIGHT = 72;
const COMPACT_ROW_HEIGHT = 70;
const CARD_MIN_WIDTH = 220;

/** docs/product.md, screens, /playlist: the playlist's name as banner and its songs, or that it is empty. */
export function PlaylistPage({ playlistId }: PlaylistPageProps) {
  const { queries } = useAppContext();
  const { data } = useSuspenseQuery(queries.playlist.get({ p: playlistId }));
  const name = data.playlist.category_name;
  const [first] = data.songs;
  const totalSeconds = data.songs.reduce((total, song) => total + song.duration, 0);
  const queueActions = useQueueActions();
  const playing = useCurrentVideoId();
  return (
    <>
      <DocumentTitle page={name} />
      <Banner title={name}>
        {first && (
          <BannerDetails>
            <p>
              {songCount(data.songs.length)} · {formatTotalTime(totalSeconds)}
            </p>
            <PlayAllButtons playlistId={playlistId} firstVideoId={first.youtube_url} />
          </BannerDetails>
        )}
      </Banner>
      <Container>
        {data.songs.length === 0 ? (
          <EmptyState title="No songs found" message="This playlist is empty">
            <ButtonLink href={paths.playlists} variant="secondary">
              Back to playlists
            </ButtonLink>
          </EmptyState>
        ) : (
          <>
            {/* Between the page's title and the songs' (third-level) titles. */}
            <VisuallyHidden as="h2">Songs</VisuallyHidden>
            <VirtualList<SongSummary>
              aria-label="Songs"
              items={data.songs}
              getKey={(song) => song.youtube_url}
              minItemWidth={CARD_MIN_WIDTH}
              narrowGap={8}
              // A phone shows the compact list (docs/product.md's 767 px); wider, cards of 16:9.
              oneColumnOnNarrow
              estimateRowHeight={({ columnWidth, narrow }) =>
                narrow ? COMPACT_ROW_HEIGHT : (columnWidth * 9) / 16 + CARD_TEXT_HEIGHT
              }
              renderItem={(song) => (
                <SongCard
                  title={song.title}
                  artist={song.author_name}
                  youtubeId={song.youtube_url}
                  href={paths.song(song.youtube_url, playlistId)}
                  duration={song.duration}
                  compactOnNarrow
                  current={song.youtube_url === playing}
                  queueActions={queueActions({
                    videoId: song.youtube_url,
                    playlistId,
                    title: song.title,
                    artist: song.author_name,
                  })}
                />
              )}
            />
          </>
        )}
      </Container>
    </>
  );
}
