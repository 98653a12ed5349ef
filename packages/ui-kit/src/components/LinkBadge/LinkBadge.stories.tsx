import type { Meta, StoryObj } from '@storybook/react-vite';
import { LinkBadge } from './LinkBadge.tsx';

const meta = {
  title: 'Data display/LinkBadge',
  component: LinkBadge,
  args: { href: '/search?q=The+Cab&type=artist', children: 'The Cab' },
} satisfies Meta<typeof LinkBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Artist: Story = {};

export const Playlist: Story = {
  args: { href: '/playlist?p=gaming', children: 'Gaming nightcore' },
};
