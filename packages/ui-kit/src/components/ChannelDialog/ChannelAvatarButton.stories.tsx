import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChannelAvatarButton } from './ChannelAvatarButton.tsx';
import { channels } from './fixtures.ts';

const meta = {
  title: 'Network/ChannelAvatarButton',
  component: ChannelAvatarButton,
  args: { channel: channels[0]!, onOpen: () => {}, size: '96px' },
} satisfies Meta<typeof ChannelAvatarButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Member: Story = {};
