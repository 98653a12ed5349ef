import type { Meta, StoryObj } from '@storybook/react-vite';
import styled from 'styled-components';
import { Grid } from './Grid.tsx';

const Tile = styled.div`
  height: 120px;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.surface};
`;

const meta = {
  title: 'Layout/Grid',
  component: Grid,
  args: {
    'aria-label': 'Tiles',
    children: Array.from({ length: 8 }, (_, index) => <Tile key={index} />),
  },
} satisfies Meta<typeof Grid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const NarrowColumns: Story = { args: { minItemWidth: '140px' } };
