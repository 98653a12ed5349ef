import { Children, type ReactNode } from 'react';
import styled from 'styled-components';

const List = styled.ul<{ $minItemWidth: string }>`
  display: grid;
  grid-template-columns: repeat(
    auto-fill,
    minmax(min(${({ $minItemWidth }) => $minItemWidth}, 100%), 1fr)
  );
  gap: ${({ theme }) => theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export interface GridProps {
  children: ReactNode;
  /** Columns are at least this wide; as many fit as the width allows. */
  minItemWidth?: string;
  /** Names the list for assistive technology when the page has several. */
  'aria-label'?: string;
}

/** A responsive grid of cards, announced as a list with one item per child. */
export function Grid({ children, minItemWidth = '220px', ...props }: GridProps) {
  return (
    <List $minItemWidth={minItemWidth} {...props}>
      {Children.map(children, (child) => (child == null ? null : <li>{child}</li>))}
    </List>
  );
}
