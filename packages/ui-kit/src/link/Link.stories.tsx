import type { Meta, StoryObj } from '@storybook/react-vite';
import { Link } from './Link.tsx';

const meta = {
  title: 'Navigation/Link',
  component: Link,
  args: { href: '/playlists', children: 'Playlists' },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InsideTheSite: Story = {};

export const OutsideTheSite: Story = {
  args: { href: 'https://www.patreon.com/nightcore', children: 'Subscriptions' },
};
