import type { Meta, StoryObj } from '@storybook/react-vite';
import { ButtonLink } from '../Button/Button.tsx';
import { EmptyState } from './EmptyState.tsx';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: { title: 'No songs found', message: 'This playlist is empty' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithAction: Story = {
  args: {
    children: (
      <ButtonLink href="/playlists" variant="secondary">
        Back to playlists
      </ButtonLink>
    ),
  },
};

export const MessageOnly: Story = {};
