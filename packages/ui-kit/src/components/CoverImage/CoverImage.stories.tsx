import type { Meta, StoryObj } from '@storybook/react-vite';
import { CoverImage } from './CoverImage.tsx';

const meta = {
  title: 'Media/CoverImage',
  component: CoverImage,
  args: {
    src: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 9'%3E%3Crect width='16' height='9' fill='%237c3aed'/%3E%3C/svg%3E",
  },
  decorators: [
    (Story) => (
      <div style={{ width: 320, aspectRatio: '16 / 9', background: '#161622' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CoverImage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};

/** The frame's background shows instead of a broken image. */
export const FailedToLoad: Story = { args: { src: '/no-such-image.jpg' } };
