import type { Meta, StoryObj } from '@storybook/react-vite';
import { SongList, SongRow } from './SongRow.tsx';

const meta = {
  title: 'Catalog/SongRow',
  component: SongRow,
  args: {
    title: 'Angel with a shotgun',
    youtubeId: 'dQw4w9WgXcQ',
    href: '/song?s=dQw4w9WgXcQ&p=gaming',
    dateAdded: '2026-01-02T03:04:05.000Z',
    isNew: true,
    artist: { name: 'The Cab', href: '/search?q=The+Cab&type=artist' },
    playlist: { name: 'Gaming nightcore', href: '/playlist?p=gaming' },
  },
  decorators: [
    (Story) => (
      <SongList>
        <Story />
      </SongList>
    ),
  ],
} satisfies Meta<typeof SongRow>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewSong: Story = {};

export const OlderSong: Story = { args: { isNew: false, dateAdded: '2019-05-20T00:00:00.000Z' } };

export const WithDuration: Story = { args: { duration: 245 } };
