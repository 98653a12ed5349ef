import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import { Dialog } from './Dialog.tsx';

const meta = {
  title: 'Feedback/Dialog',
  component: Dialog,
  args: {
    title: 'Login required',
    onClose: () => {},
    children: (
      <>
        <p>Sign in to keep your favourite songs.</p>
        <Button>Sign in</Button>
      </>
    ),
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
