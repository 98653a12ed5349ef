import type { Meta, StoryObj } from '@storybook/react-vite';
import { Container } from './Container.tsx';

const meta = {
  title: 'Layout/Container',
  component: Container,
  args: {
    children:
      'Browse every playlist of the site. Popular playlists come first; sort them by name if you know what you are looking for.',
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Container>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
