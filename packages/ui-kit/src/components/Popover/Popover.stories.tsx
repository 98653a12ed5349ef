import type { Meta, StoryObj } from '@storybook/react-vite';
import { KeyboardIcon } from '../ActionBar/actionIcons.tsx';
import { Popover } from './Popover.tsx';

const meta = {
  title: 'Feedback/Popover',
  component: Popover,
  args: {
    label: 'Keyboard shortcuts',
    icon: KeyboardIcon,
    children: <p style={{ margin: 0 }}>Space: play or pause</p>,
  },
  decorators: [
    (Story) => (
      <div style={{ paddingTop: 120, display: 'flex', justifyContent: 'center' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
