import styled from 'styled-components';
import { Link } from '../../link/Link.tsx';
import { formatDuration } from '../../media/duration.ts';
import { ActionButton } from '../ActionBar/ActionBar.tsx';
import {
  ExpandIcon,
  MutedIcon,
  NextIcon,
  PauseIcon,
  PreviousIcon,
  QueueIcon,
  RepeatIcon,
  ScreenIcon,
  ShuffleIcon,
  VolumeIcon,
} from '../ActionBar/actionIcons.tsx';
import { PlayIcon, XIcon } from '../../icons/icons.tsx';
import { VisuallyHidden } from '../VisuallyHidden.ts';

const Bar = styled.section`
  position: relative;
  box-sizing: border-box;
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};
  align-items: center;
  height: ${({ theme }) => theme.layout.playerBarHeight};
  padding: 0 ${({ theme }) => theme.space[4]};
  border-top: 1px solid ${({ theme }) => theme.colours.border};
  background: ${({ theme }) => theme.colours.surface};
  color: ${({ theme }) => theme.colours.text};

  /* A phone keeps the song, play/pause, next and the way to the song page, where the rest is. */
  @media ${({ theme }) => theme.media.narrow} {
    grid-template-columns: minmax(0, 1fr) auto;
    gap: ${({ theme }) => theme.space[2]};
    padding: 0 ${({ theme }) => theme.space[2]} 0 ${({ theme }) => theme.space[3]};
  }
`;

const Song = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;

  > * {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Title = styled.span`
  font-weight: 700;

  a {
    color: inherit;
    text-decoration: none;
  }

  a:hover {
    text-decoration: underline;
  }
`;

const Artist = styled.span`
  color: ${({ theme }) => theme.colours.mutedText};
  font-size: 0.875rem;
`;

/** What keeps the song from playing (loading, YouTube unreachable, skipped), where the artist was. */
const Status = styled.span`
  color: ${({ theme }) => theme.colours.text};
  font-size: 0.875rem;
  font-weight: 600;
`;

const Centre = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  min-width: 0;

  @media ${({ theme }) => theme.media.narrow} {
    flex-direction: row;
  }
`;

const Controls = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  align-items: center;
`;

/** Hidden on a phone; the expanded view (the song page) has them. */
const WideOnly = styled.div`
  display: contents;

  @media ${({ theme }) => theme.media.narrow} {
    display: none;
  }
`;

const PhoneOnly = styled.div`
  display: none;

  @media ${({ theme }) => theme.media.narrow} {
    display: contents;
  }
`;

const Progress = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  align-items: center;
  width: 100%;
  font-size: 0.75rem;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colours.mutedText};

  @media ${({ theme }) => theme.media.narrow} {
    display: none;
  }
`;

const Range = styled.input`
  flex: 1;
  min-width: 0;
  margin: 0;
  accent-color: ${({ theme }) => theme.colours.primary};
  cursor: pointer;
`;

/** On a phone, how far the song has got, as a line along the bar's top edge. */
const ProgressLine = styled.div`
  display: none;

  @media ${({ theme }) => theme.media.narrow} {
    display: block;
    position: absolute;
    top: -1px;
    left: 0;
    height: 2px;
    background: ${({ theme }) => theme.colours.primary};
  }
`;

const End = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  align-items: center;
  justify-content: flex-end;
  min-width: 0;

  @media ${({ theme }) => theme.media.narrow} {
    display: none;
  }
`;

const Volume = styled(Range)`
  flex: 0 1 100px;
`;

/** The bar's own buttons (video, queue, close): on a phone beside play and next. */
const Tools = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  align-items: center;
`;

/** How many songs wait in the queue, on its button. */
const QueueCount = styled.span`
  position: absolute;
  top: 2px;
  right: 0;
  min-width: 18px;
  padding: 0 4px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colours.primary};
  color: ${({ theme }) => theme.colours.onPrimary};
  font-size: 0.7rem;
  font-weight: 700;
  line-height: 18px;
  pointer-events: none;
`;

const QueueButton = styled.span`
  position: relative;
  display: inline-flex;
`;

const ExpandLink = styled(Link)`
  display: inline-flex;
  padding: ${({ theme }) => theme.space[2]};
  border-radius: 50%;
  color: ${({ theme }) => theme.colours.text};

  &:hover {
    background: rgba(255, 255, 255, 0.14);
  }
`;

export interface PlayerBarProps {
  title: string;
  artist: string;
  /** The song page of what plays; null while that page is the one shown. */
  songHref: string | null;
  playing: boolean;
  hasPrevious: boolean;
  shuffle: boolean;
  repeat: boolean;
  muted: boolean;
  /** 0 to 1. */
  volume: number;
  /** Seconds. */
  currentTime: number;
  /** Seconds; 0 while not known. */
  duration: number;
  onTogglePlay: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onToggleShuffle: () => void;
  onToggleRepeat: () => void;
  onToggleMute: () => void;
  onSeek: (seconds: number) => void;
  /** 0 to 1. */
  onVolumeChange: (volume: number) => void;
  /**
   * Why the song is not playing, in words (loading, YouTube unreachable, a video skipped): read
   * out, and shown instead of the artist when `statusShown`. Null while it plays or is paused.
   */
  statusText?: string | null;
  /** Whether the status replaces the artist on screen (a failure), or is only read out (loading). */
  statusShown?: boolean;
  /** Songs waiting in the listener's queue. */
  queueLength?: number;
  onOpenQueue?: () => void;
  /** Whether the video (the mini-player) is hidden; null where the bar has no video to hide. */
  videoHidden?: boolean | null;
  onToggleVideo?: () => void;
  /** Stops the music and takes the player away. */
  onClose?: () => void;
  className?: string;
}

/**
 * The player at the bottom of every page once a song plays: the song, its controls, progress and
 * time, volume, and a link to its page. On a phone: the song, play/pause, next and the link.
 */
export function PlayerBar(props: PlayerBarProps) {
  const { title, artist, songHref, playing, duration, muted, volume } = props;
  const time = Math.min(props.currentTime, duration > 0 ? duration : props.currentTime);
  const playButton = (
    <ActionButton
      label={playing ? 'Pause' : 'Play'}
      icon={playing ? PauseIcon : PlayIcon}
      onClick={props.onTogglePlay}
    />
  );
  const nextButton = <ActionButton label="Next song" icon={NextIcon} onClick={props.onNext} />;
  const { statusText = null, queueLength = 0, videoHidden = null } = props;
  const tools = (
    <Tools>
      {videoHidden !== null && props.onToggleVideo && (
        <ActionButton
          label={videoHidden ? 'Show the video' : 'Hide the video'}
          icon={ScreenIcon}
          pressed={!videoHidden}
          onClick={props.onToggleVideo}
        />
      )}
      {props.onOpenQueue && (
        <QueueButton>
          <ActionButton
            label={queueLength > 0 ? `Queue, ${queueLength} waiting` : 'Queue'}
            icon={QueueIcon}
            onClick={props.onOpenQueue}
          />
          {queueLength > 0 && <QueueCount aria-hidden="true">{queueLength}</QueueCount>}
        </QueueButton>
      )}
      {props.onClose && (
        <ActionButton label="Close the player" icon={XIcon} onClick={props.onClose} />
      )}
    </Tools>
  );
  const expandLink = songHref && (
    <ExpandLink href={songHref} aria-label="Open the song page" title="Open the song page">
      <ExpandIcon />
    </ExpandLink>
  );
  return (
    <Bar aria-label="Player" className={props.className}>
      <ProgressLine
        aria-hidden="true"
        style={{ width: duration > 0 ? `${(time / duration) * 100}%` : 0 }}
      />
      <Song>
        <Title>{songHref ? <Link href={songHref}>{title}</Link> : title}</Title>
        {statusText && props.statusShown ? (
          <Status aria-hidden="true">{statusText}</Status>
        ) : (
          <Artist>{artist}</Artist>
        )}
      </Song>
      {/* Read out as it changes: a listener who cannot see the video hears why nothing plays. */}
      <VisuallyHidden aria-live="polite">{statusText ?? ''}</VisuallyHidden>
      <Centre>
        <Controls>
          <WideOnly>
            <ActionButton
              label="Shuffle"
              icon={ShuffleIcon}
              pressed={props.shuffle}
              onClick={props.onToggleShuffle}
            />
            <ActionButton
              label="Previous song"
              icon={PreviousIcon}
              onClick={props.onPrevious}
              disabled={!props.hasPrevious}
            />
            {playButton}
            {nextButton}
            <ActionButton
              label="Repeat"
              icon={RepeatIcon}
              pressed={props.repeat}
              onClick={props.onToggleRepeat}
            />
          </WideOnly>
          <PhoneOnly>
            {playButton}
            {nextButton}
            {tools}
          </PhoneOnly>
        </Controls>
        <Progress>
          <span>{formatDuration(time)}</span>
          <Range
            type="range"
            aria-label="Seek"
            min={0}
            max={Math.max(duration, 1)}
            step={1}
            value={Math.floor(time)}
            aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}`}
            disabled={duration <= 0}
            onChange={(event) => props.onSeek(Number(event.target.value))}
          />
          <span>{formatDuration(duration)}</span>
        </Progress>
      </Centre>
      <End>
        <ActionButton
          label="Mute"
          icon={muted ? MutedIcon : VolumeIcon}
          pressed={muted}
          onClick={props.onToggleMute}
        />
        <Volume
          type="range"
          aria-label="Volume"
          min={0}
          max={100}
          step={1}
          value={muted ? 0 : Math.round(volume * 100)}
          onChange={(event) => props.onVolumeChange(Number(event.target.value) / 100)}
        />
        {tools}
        {expandLink}
      </End>
    </Bar>
  );
}
