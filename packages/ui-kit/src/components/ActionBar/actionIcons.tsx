import { createIcon } from '../../icons/createIcon.tsx';

export const PreviousIcon = createIcon('PreviousIcon', <path d="M19 20 9 12l10-8v16ZM5 19V5" />);

export const NextIcon = createIcon('NextIcon', <path d="m5 4 10 8-10 8V4ZM19 5v14" />);

export const ShuffleIcon = createIcon(
  'ShuffleIcon',
  <path d="M16 3h5v5M4 20 21 3M21 16v5h-5M15 15l6 6M4 4l5 5" />,
);

export const RepeatIcon = createIcon(
  'RepeatIcon',
  <path d="m17 1 4 4-4 4M3 11V9a4 4 0 0 1 4-4h14M7 23l-4-4 4-4M21 13v2a4 4 0 0 1-4 4H3" />,
);

export const FlagIcon = createIcon(
  'FlagIcon',
  <path d="M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1zM4 22v-7" />,
);

export const LinkIcon = createIcon(
  'LinkIcon',
  <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />,
);

export const KeyboardIcon = createIcon(
  'KeyboardIcon',
  <>
    <rect x="2" y="6" width="20" height="12" rx="2" />
    <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
  </>,
);

export const PauseIcon = createIcon('PauseIcon', <path d="M7 4v16M17 4v16" />);

export const VolumeIcon = createIcon(
  'VolumeIcon',
  <path d="M11 5 6 9H2v6h4l5 4V5ZM15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />,
);

export const MutedIcon = createIcon(
  'MutedIcon',
  <path d="M11 5 6 9H2v6h4l5 4V5ZM23 9l-6 6M17 9l6 6" />,
);

export const ExpandIcon = createIcon(
  'ExpandIcon',
  <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />,
);

/** The queue: lines of songs, the last one a play mark. */
export const QueueIcon = createIcon('QueueIcon', <path d="M3 6h13M3 12h13M3 18h8m5-3v6l5-3Z" />);

/** Play next: a song put first, above the others. */
export const PlayNextIcon = createIcon(
  'PlayNextIcon',
  <path d="M3 12h9M3 18h9M14 3l7 4-7 4V3ZM3 6h7" />,
);

/** Add to queue: a line of songs and a plus. */
export const AddToQueueIcon = createIcon(
  'AddToQueueIcon',
  <path d="M3 6h13M3 12h13M3 18h8m8-4v8m-4-4h8" />,
);

/** Show or hide the video: a screen. */
export const ScreenIcon = createIcon(
  'ScreenIcon',
  <>
    <rect x="2" y="4" width="20" height="14" rx="2" />
    <path d="M8 22h8" />
  </>,
);
