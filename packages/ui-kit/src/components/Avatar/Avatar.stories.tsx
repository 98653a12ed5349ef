import type { Meta, StoryObj } from '@storybook/react-vite';
import { Avatar } from './Avatar.tsx';

const meta = {
  title: 'Media/Avatar',
  component: Avatar,
  args: { src: 'https://picsum.photos/seed/avatar/176/176', name: 'Neon Beats', size: '96px' },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Picture: Story = {};

export const PictureThatCannotLoad: Story = {
  args: { src: 'https://invalid.example/missing.jpg' },
};
