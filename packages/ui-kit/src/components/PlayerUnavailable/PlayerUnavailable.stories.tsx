import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PlayerUnavailable } from './PlayerUnavailable.tsx';

const meta = {
  title: 'Feedback/PlayerUnavailable',
  component: PlayerUnavailable,
  args: { youtubeId: 'dQw4w9WgXcQ', onRetry: fn() },
  decorators: [
    (Story) => (
      <div style={{ width: 640, aspectRatio: '16 / 9' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PlayerUnavailable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithVideo: Story = {};

export const NoVideoYet: Story = { args: { youtubeId: undefined } };
