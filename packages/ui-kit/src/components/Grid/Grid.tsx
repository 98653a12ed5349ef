import { Children, type ReactNode } from 'react';
import styled from 'styled-components';

/**
 * The grid's list, for a component whose items are its own list items (a skeleton's
 * placeholders); everything else renders `Grid`.
 */
export const GridList = styled.ul<{
  $minItemWidth: string;
  $gap?: number;
  $narrowColumns?: number;
  $narrowGap?: number;
}>`
  display: grid;
  grid-template-columns: repeat(
    auto-fill,
    minmax(min(${({ $minItemWidth }) => $minItemWidth}, 100%), 1fr)
  );
  gap: ${({ theme, $gap = 5 }) => theme.space[$gap]};
  margin: 0;
  padding: 0;
  list-style: none;

  @media ${({ theme }) => theme.media.narrow} {
    ${({ $narrowColumns }) =>
      $narrowColumns ? `grid-template-columns: repeat(${$narrowColumns}, minmax(0, 1fr));` : ''}
    ${({ theme, $narrowGap }) => ($narrowGap === undefined ? '' : `gap: ${theme.space[$narrowGap]};`)}
  }
`;

export interface GridProps {
  children: ReactNode;
  /** Columns are at least this wide; as many fit as the width allows. */
  minItemWidth?: string;
  /** The space between items, a step of the theme's space scale. */
  gap?: number;
  /** On a narrow screen, exactly this many columns however wide they come out. */
  narrowColumns?: number;
  /** On a narrow screen, the space between items, a step of the theme's space scale. */
  narrowGap?: number;
  /** Names the list for assistive technology when the page has several. */
  'aria-label'?: string;
}

/** A responsive grid of cards, announced as a list with one item per child. */
export function Grid({
  children,
  minItemWidth = '220px',
  gap,
  narrowColumns,
  narrowGap,
  ...props
}: GridProps) {
  return (
    <GridList
      $minItemWidth={minItemWidth}
      $gap={gap}
      $narrowColumns={narrowColumns}
      $narrowGap={narrowGap}
      {...props}
    >
      {Children.map(children, (child) => (child == null ? null : <li>{child}</li>))}
    </GridList>
  );
}
