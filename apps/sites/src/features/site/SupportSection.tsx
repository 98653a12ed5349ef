import type { SocialLinkField, SubscriberInfo } from '@fansite/contract';
import {
  CameraIcon,
  ChatIcon,
  CloudIcon,
  FriendsIcon,
  GiftIcon,
  MusicNoteIcon,
  PlayIcon,
  StreamIcon,
  VideoIcon,
  XIcon,
  type IconProps,
} from '@fansite/ui-kit';
import type { ComponentType } from 'react';
import styled from 'styled-components';
import { Muted, Section, SectionTitle } from './layout.tsx';

/** Every social link a site may set, in the order they show, with its label and icon. */
const SOCIAL_NETWORKS: ReadonlyArray<{
  field: SocialLinkField;
  label: string;
  Icon: ComponentType<IconProps>;
}> = [
  { field: 'youtube', label: 'YouTube', Icon: VideoIcon },
  { field: 'patreon', label: 'Patreon', Icon: GiftIcon },
  { field: 'twitter', label: 'X', Icon: XIcon },
  { field: 'instagram', label: 'Instagram', Icon: CameraIcon },
  { field: 'facebook', label: 'Facebook', Icon: FriendsIcon },
  { field: 'discord', label: 'Discord', Icon: ChatIcon },
  { field: 'tiktok', label: 'TikTok', Icon: MusicNoteIcon },
  { field: 'soundcloud', label: 'SoundCloud', Icon: CloudIcon },
  { field: 'rumble', label: 'Rumble', Icon: PlayIcon },
  { field: 'spotify', label: 'Spotify', Icon: StreamIcon },
];

/** Only web addresses become links: a `javascript:` value must never be clickable. */
const isWebAddress = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const Icons = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
    border: 1px solid ${({ theme }) => theme.colours.border};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colours.surface};
    color: ${({ theme }) => theme.colours.text};
    text-decoration: none;
    transition: border-color 0.2s;
  }

  a:hover,
  a:focus-visible {
    border-color: ${({ theme }) => theme.colours.primary};
  }
`;

export function SupportSection({ site }: { site: SubscriberInfo['data'] }) {
  const links = SOCIAL_NETWORKS.filter(({ field }) => isWebAddress(site[field]));
  return (
    <Section id="support" aria-labelledby="support-title">
      <SectionTitle id="support-title">Support me</SectionTitle>
      {site.social_text && <Muted>{site.social_text}</Muted>}
      {links.length > 0 ? (
        <Icons aria-label="Social links">
          {links.map(({ field, label, Icon }) => (
            <li key={field}>
              <a href={site[field]} target="_blank" rel="noopener noreferrer">
                <Icon width={20} height={20} />
                {label}
              </a>
            </li>
          ))}
        </Icons>
      ) : (
        <Muted>No links yet.</Muted>
      )}
    </Section>
  );
}
