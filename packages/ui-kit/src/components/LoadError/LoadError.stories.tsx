import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LoadError } from './LoadError.tsx';

const meta = {
  title: 'Feedback/LoadError',
  component: LoadError,
  args: { message: 'An error occurred while fetching data.', onRetry: fn() },
} satisfies Meta<typeof LoadError>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NetworkFailure: Story = {};

export const ServerMessage: Story = { args: { message: 'Too many requests, try again soon.' } };
