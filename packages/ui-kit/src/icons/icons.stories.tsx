import type { Meta, StoryObj } from '@storybook/react-vite';
import styled from 'styled-components';
import * as icons from './icons.tsx';

const Gallery = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[5]};
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-size: 0.75rem;
`;

function IconGallery() {
  return (
    <Gallery>
      {Object.entries(icons).map(([name, Icon]) => (
        <Item key={name}>
          <Icon />
          {name}
        </Item>
      ))}
    </Gallery>
  );
}

const meta = {
  title: 'Foundations/Icons',
  component: IconGallery,
} satisfies Meta<typeof IconGallery>;

export default meta;
type Story = StoryObj<typeof meta>;

export const All: Story = {};
