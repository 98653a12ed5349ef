import type { Meta, StoryObj } from '@storybook/react-vite';
import { CardGridSkeleton, RowListSkeleton } from './Skeleton.tsx';

const meta = {
  title: 'Feedback/Skeleton',
  component: CardGridSkeleton,
  args: { label: 'Loading songs' },
} satisfies Meta<typeof CardGridSkeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Cards: Story = {};

export const Rows: Story = { render: (args) => <RowListSkeleton label={args.label} /> };

export const CompactRows: Story = {
  render: (args) => <RowListSkeleton label={args.label} compact count={8} />,
};
