import type { Meta, StoryObj } from '@storybook/react-vite';
import { SongCard } from './SongCard.tsx';

const meta = {
  title: 'Catalog/SongCard',
  component: SongCard,
  args: {
    title: 'Angel with a shotgun',
    artist: 'The Cab',
    youtubeId: 'dQw4w9WgXcQ',
    href: '/song?s=dQw4w9WgXcQ&p=gaming',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 280 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SongCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const LongTitle: Story = {
  args: { title: 'A very long nightcore remix title that needs to wrap over several lines' },
};

export const WithDuration: Story = { args: { duration: 215 } };

/** At phone widths (under 767 px) the card becomes a row: view it with a small viewport. */
export const CompactOnPhones: Story = { args: { duration: 215, compactOnNarrow: true } };
