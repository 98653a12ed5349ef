import type { SubscriberInfo } from '@fansite/contract';
import type { PlayerAdapter } from '@fansite/player/core';
import type { Radio } from '@fansite/player/radio';
import { RadioWidget } from '@fansite/radio-widget';
import { CoverImage } from '@fansite/ui-kit';
import styled from 'styled-components';
import { PictureFrame, Section, SectionTitle } from './layout.tsx';

const Playlists = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;

  @media ${({ theme }) => theme.media.narrow} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space[3]};
  }

  a {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colours.text};
    font-weight: 600;
    text-decoration: none;
  }

  ${PictureFrame} {
    aspect-ratio: 16 / 9;
  }

  a:hover span,
  a:focus-visible span {
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
        <Playlists aria-label="Playlists">
          {playlists.map((playlist) => (
            <li key={playlist.url}>
              <a href={new URL(playlist.url, mainSiteUrl).href}>
                <PictureFrame>
                  <CoverImage src={playlist.thumbnail} />
                </PictureFrame>
                <span>{playlist.title}</span>
              </a>
            </li>
          ))}
        </Playlists>
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
