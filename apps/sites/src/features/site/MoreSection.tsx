import type { SubscriberInfo } from '@fansite/contract';
import type { PlayerAdapter } from '@fansite/player/core';
import type { Radio } from '@fansite/player/radio';
import { RadioWidget } from '@fansite/radio-widget';
import { CoverImage, Grid } from '@fansite/ui-kit';
import styled from 'styled-components';
import { PictureFrame, Section, SectionTitle, siteGridColumns } from './layout.tsx';

const PlaylistLink = styled.a`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colours.text};
  font-weight: 600;
  text-decoration: none;

  ${PictureFrame} {
    aspect-ratio: 16 / 9;
  }

  &:hover span,
  &:focus-visible span {
    color: ${({ theme }) => theme.colours.accent};
  }
`;

export interface MoreSectionProps {
  playlists: SubscriberInfo['playlists'];
  mainSiteUrl: string;
  radio: Radio;
  radioUrl: string;
  radioTitle: string;
  createAdapter: (element: HTMLElement) => PlayerAdapter;
}

/** More music from the main site: a few of its playlists, and its radio playing right here. */
export function MoreSection({
  playlists,
  mainSiteUrl,
  radio,
  radioUrl,
  radioTitle,
  createAdapter,
}: MoreSectionProps) {
  return (
    <Section id="more" aria-labelledby="more-title">
      <SectionTitle id="more-title">More</SectionTitle>
      {playlists.length > 0 && (
        <Grid aria-label="Playlists" {...siteGridColumns} minItemWidth="170px">
          {playlists.map((playlist) => (
            <PlaylistLink key={playlist.url} href={new URL(playlist.url, mainSiteUrl).href}>
              <PictureFrame>
                <CoverImage src={playlist.thumbnail} />
              </PictureFrame>
              <span>{playlist.title}</span>
            </PlaylistLink>
          ))}
        </Grid>
      )}
      <RadioWidget
        radio={radio}
        createAdapter={createAdapter}
        shareUrl={radioUrl}
        title={radioTitle}
      />
    </Section>
  );
}
