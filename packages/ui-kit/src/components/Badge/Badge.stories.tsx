import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './Badge.tsx';

const meta = {
  title: 'Data display/Badge',
  component: Badge,
  args: { variant: 'new', children: 'New' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const New: Story = {};

export const Network: Story = { args: { variant: 'network', children: 'Network' } };

export const Special: Story = { args: { variant: 'special', children: 'Special' } };
