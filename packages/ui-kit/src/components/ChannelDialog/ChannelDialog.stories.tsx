import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ChannelDialog } from './ChannelDialog.tsx';
import { channels } from './fixtures.ts';

const meta = {
  title: 'Network/ChannelDialog',
  component: ChannelDialog,
  args: { channels, index: 0, onIndexChange: () => {}, onClose: () => {} },
  render: function CyclingChannelDialog(args) {
    const [index, setIndex] = useState(args.index);
    return <ChannelDialog {...args} index={index} onIndexChange={setIndex} />;
  },
} satisfies Meta<typeof ChannelDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstMember: Story = {};
