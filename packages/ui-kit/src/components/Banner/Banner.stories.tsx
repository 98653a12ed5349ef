import type { Meta, StoryObj } from '@storybook/react-vite';
import { Banner } from './Banner.tsx';

const meta = {
  title: 'Layout/Banner',
  component: Banner,
  args: { title: 'Gaming nightcore' },
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {};

export const WithSubtitle: Story = {
  args: { title: 'Playlists', children: 'Every playlist of the site, sorted your way.' },
};
