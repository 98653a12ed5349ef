import type { Meta, StoryObj } from '@storybook/react-vite';
import { ExploreGrid } from './ExploreGrid.tsx';

const meta = {
  title: 'Player/ExploreGrid',
  component: ExploreGrid,
  args: {
    title: 'Explore more',
    items: ['Monster', 'Faded', 'Angel with a shotgun', 'Unity', 'Alone', 'Lily'].map(
      (title, index) => ({
        title,
        subtitle: index % 2 ? 'Gaming nightcore' : 'Anime openings',
        youtubeId: 'dQw4w9WgXcQ',
        href: `/song?s=dQw4w9WgXcQ&p=list${index}`,
      }),
    ),
  },
} satisfies Meta<typeof ExploreGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
