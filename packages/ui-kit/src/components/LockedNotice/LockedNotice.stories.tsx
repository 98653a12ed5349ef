import type { Meta, StoryObj } from '@storybook/react-vite';
import { LockedNotice } from './LockedNotice.tsx';

const meta = {
  title: 'Feedback/LockedNotice',
  component: LockedNotice,
  args: { subscribeUrl: 'https://www.patreon.com/nightcore' },
} satisfies Meta<typeof LockedNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
