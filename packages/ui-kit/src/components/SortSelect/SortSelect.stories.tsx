import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { SortSelect } from './SortSelect.tsx';

const playlistOrders = [
  { value: 'popular', label: 'Popular' },
  { value: 'az', label: 'A-Z' },
  { value: 'za', label: 'Z-A' },
] as const;

type PlaylistOrder = (typeof playlistOrders)[number]['value'];

function PlaylistOrderSelect() {
  const [order, setOrder] = useState<PlaylistOrder>('popular');
  return <SortSelect label="Sort by" value={order} options={playlistOrders} onChange={setOrder} />;
}

const meta = {
  title: 'Inputs/SortSelect',
  component: PlaylistOrderSelect,
} satisfies Meta<typeof PlaylistOrderSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PlaylistOrders: Story = {};
