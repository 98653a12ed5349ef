import { createIcon } from './createIcon.tsx';

export type { IconProps } from './createIcon.tsx';

export const SearchIcon = createIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);

export const OpenIcon = createIcon(
  'OpenIcon',
  <>
    <path d="M14 4h6v6" />
    <path d="M20 4 10 14" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </>,
);

export const MenuIcon = createIcon('MenuIcon', <path d="M4 6h16M4 12h16M4 18h16" />);

export const ArrowUpIcon = createIcon('ArrowUpIcon', <path d="M12 19V5m-6 6 6-6 6 6" />);

/** A chat bubble stands for the community chat server. */
export const ChatIcon = createIcon(
  'ChatIcon',
  <>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    <path d="M9 12h.01M12 12h.01M15 12h.01" />
  </>,
);

/** A camera stands for the photo sharing network. */
export const CameraIcon = createIcon(
  'CameraIcon',
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </>,
);

export const XIcon = createIcon('XIcon', <path d="M4 4l16 16M20 4 4 20" />);

/** A music note stands for the short video network. */
export const MusicNoteIcon = createIcon(
  'MusicNoteIcon',
  <>
    <path d="M9 18V5l11-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="17" cy="16" r="3" />
  </>,
);

export const HeartIcon = createIcon(
  'HeartIcon',
  <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8Z" />,
);

/** A play button in a rounded screen stands for the video channel. */
export const VideoIcon = createIcon(
  'VideoIcon',
  <>
    <rect x="2" y="5" width="20" height="14" rx="4" />
    <path d="m10 9 5 3-5 3Z" />
  </>,
);

/** A gift stands for a membership platform (patrons). */
export const GiftIcon = createIcon(
  'GiftIcon',
  <>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M12 8v13M19 12v9H5v-9" />
    <path d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
  </>,
);

/** A lower-case f in a rounded square stands for the social network of friends. */
export const FriendsIcon = createIcon(
  'FriendsIcon',
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <path d="M15 8h-1.5A2.5 2.5 0 0 0 11 10.5V21M8.5 13h6" />
  </>,
);

/** A cloud stands for the audio sharing platform. */
export const CloudIcon = createIcon(
  'CloudIcon',
  <path d="M17.5 19a4.5 4.5 0 1 0-1.4-8.8A6 6 0 0 0 4.5 12.5 3.5 3.5 0 0 0 6 19Z" />,
);

/** A play triangle stands for the other video platform. */
export const PlayIcon = createIcon('PlayIcon', <path d="M7 4v16l13-8Z" />);

/** Sound waves in a circle stand for the music streaming service. */
export const StreamIcon = createIcon(
  'StreamIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M7 9.5c3.5-1 7-.6 10 1M7.5 12.8c3-.8 5.8-.4 8.3.9M8 16c2.4-.6 4.6-.3 6.6.7" />
  </>,
);
