import type { Meta, StoryObj } from '@storybook/react-vite';
import { NextSongCard } from './NextSongCard.tsx';

const meta = {
  title: 'Player/NextSongCard',
  component: NextSongCard,
  args: {
    song: { title: 'Monster', youtubeId: 'kJQP7kiw5Fk', href: '/song?s=kJQP7kiw5Fk&p=gaming' },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NextSongCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const NoNextSong: Story = { args: { song: null } };
