import type { Meta, StoryObj } from '@storybook/react-vite';
import { samplePlaylists } from './fixtures.ts';
import { PlaylistGrid } from './PlaylistGrid.tsx';

const meta = {
  title: 'Catalog/PlaylistGrid',
  component: PlaylistGrid,
  args: {
    'aria-label': 'Playlists',
    playlists: Object.values(samplePlaylists),
    playlistHref: (playlist) => `/playlist?p=${playlist.id}`,
  },
} satisfies Meta<typeof PlaylistGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
