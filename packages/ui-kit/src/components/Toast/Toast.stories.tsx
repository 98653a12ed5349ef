import type { Meta, StoryObj } from '@storybook/react-vite';
import { Toast } from './Toast.tsx';

const meta = {
  title: 'Feedback/Toast',
  component: Toast,
  args: { message: 'Link copied!' },
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
