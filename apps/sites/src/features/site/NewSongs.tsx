import { SUBSCRIBER_SITE_MAX_VIDEOS, type SubscriberInfo } from '@fansite/contract';
import type { PlayerAdapter } from '@fansite/player/core';
import { CoverImage, Grid, youtubeThumbnailUrl } from '@fansite/ui-kit';
import { useCallback, useRef, useState } from 'react';
import styled from 'styled-components';
import { FloatingVideoPlayer } from './FloatingVideoPlayer.tsx';
import { Muted, PictureFrame, Section, SectionTitle, siteGridColumns } from './layout.tsx';

const Thumbnail = styled.button`
  display: grid;
  /* The picture fits the cell whatever size it declares. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[2]};
  width: 100%;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colours.text};
  font: inherit;
  text-align: left;
  cursor: pointer;

  ${PictureFrame} {
    aspect-ratio: 16 / 9;
  }

  img {
    transition: transform 0.2s;
  }

  span {
    display: -webkit-box;
    overflow: hidden;
    font-size: 0.9rem;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
  }

  &:hover img {
    transform: scale(1.03);
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colours.accent};
    outline-offset: 4px;
    border-radius: ${({ theme }) => theme.radii.medium};
  }
`;

/** The newest videos first, at most the spec's eight. */
export function newestVideos(videos: SubscriberInfo['videos']) {
  return Object.entries(videos)
    .map(([id, video]) => ({ id, ...video }))
    .sort((a, b) => Date.parse(b.date_added) - Date.parse(a.date_added))
    .slice(0, SUBSCRIBER_SITE_MAX_VIDEOS);
}

export interface NewSongsProps {
  videos: SubscriberInfo['videos'];
  createAdapter: (element: HTMLElement) => PlayerAdapter;
}

/** The channel's newest uploads; each opens in the floating player. */
export function NewSongs({ videos, createAdapter }: NewSongsProps) {
  const [playing, setPlaying] = useState<{ id: string; title: string } | null>(null);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const newest = newestVideos(videos);

  const close = useCallback(() => {
    setPlaying(null);
    // Focus goes back to the thumbnail that opened the player.
    openerRef.current?.focus();
  }, []);

  return (
    <Section id="new-songs" aria-labelledby="new-songs-title">
      <SectionTitle id="new-songs-title">New songs</SectionTitle>
      {newest.length === 0 ? (
        <Muted>No videos to show yet.</Muted>
      ) : (
        <Grid {...siteGridColumns} minItemWidth="220px">
          {newest.map((video) => (
            <Thumbnail
              key={video.id}
              type="button"
              aria-label={`Play ${video.title}`}
              onClick={(event) => {
                openerRef.current = event.currentTarget;
                setPlaying({ id: video.id, title: video.title });
              }}
            >
              <PictureFrame>
                <CoverImage src={youtubeThumbnailUrl(video.id, 'mqdefault')} />
              </PictureFrame>
              <span>{video.title}</span>
            </Thumbnail>
          ))}
        </Grid>
      )}
      {playing && (
        <FloatingVideoPlayer
          videoId={playing.id}
          title={playing.title}
          createAdapter={createAdapter}
          onClose={close}
        />
      )}
    </Section>
  );
}
