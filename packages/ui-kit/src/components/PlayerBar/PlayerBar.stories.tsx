import type { Meta, StoryObj } from '@storybook/react-vite';
import { PlayerBar } from './PlayerBar.tsx';

const noop = () => {};

const meta = {
  title: 'Player/PlayerBar',
  component: PlayerBar,
  args: {
    title: 'Angel with a shotgun (Nightcore) - a title long enough to be cut short',
    artist: 'The Cab',
    songHref: '/song?s=aaaaaaaaaaa&p=gaming',
    playing: true,
    hasPrevious: true,
    shuffle: true,
    repeat: false,
    muted: false,
    volume: 0.7,
    currentTime: 65,
    duration: 200,
    onTogglePlay: noop,
    onPrevious: noop,
    onNext: noop,
    onToggleShuffle: noop,
    onToggleRepeat: noop,
    onToggleMute: noop,
    onSeek: noop,
    onVolumeChange: noop,
  },
} satisfies Meta<typeof PlayerBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playing: Story = {};

export const PausedOnTheSongPage: Story = {
  args: { playing: false, songHref: null, shuffle: false, repeat: true, muted: true },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
};
