import type { Meta, StoryObj } from '@storybook/react-vite';
import { SongCard } from '../SongCard/SongCard.tsx';
import { VirtualList } from './VirtualList.tsx';

const songs = Array.from({ length: 500 }, (_, index) => ({
  id: `song-${index}`,
  title: `Song number ${index + 1}`,
}));

const meta = {
  title: 'Layout/VirtualList',
  component: VirtualList<(typeof songs)[number]>,
  args: {
    'aria-label': 'Songs',
    items: songs,
    getKey: (song) => song.id,
    renderItem: (song) => (
      <SongCard
        title={song.title}
        artist="Artist"
        youtubeId="dQw4w9WgXcQ"
        href="#"
        duration={215}
        compactOnNarrow
      />
    ),
    estimateRowHeight: ({ columnWidth, narrow }) => (narrow ? 70 : (columnWidth * 9) / 16 + 72),
    minItemWidth: 220,
    narrowGap: 8,
    oneColumnOnNarrow: true,
  },
} satisfies Meta<typeof VirtualList<(typeof songs)[number]>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FiveHundredCards: Story = {};

export const OneColumn: Story = { args: { minItemWidth: undefined, estimateRowHeight: () => 90 } };
