import type { Meta, StoryObj } from '@storybook/react-vite';
import { samplePlaylists } from './fixtures.ts';
import { PlaylistCard } from './PlaylistCard.tsx';

const meta = {
  title: 'Catalog/PlaylistCard',
  component: PlaylistCard,
  args: { playlist: samplePlaylists.newSongs, href: '/playlist?p=new' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 280 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PlaylistCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewSongsWithThumbnailFallback: Story = {};

export const Network: Story = {
  args: { playlist: samplePlaylists.network, href: '/playlist?p=network' },
};

export const SpecialWithOwnImage: Story = {
  args: { playlist: samplePlaylists.gaming, href: '/playlist?p=gaming' },
};

export const WithoutAnyImage: Story = {
  args: { playlist: samplePlaylists.empty, href: '/playlist?p=empty' },
};
