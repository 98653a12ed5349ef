import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';

/** The flow layout of the first render (and of the server's): the same columns CSS would pick. */
const FlowGrid = styled.div<{
  $minItemWidth: number;
  $gap: number;
  $narrowGap: number;
  $oneColumnOnNarrow: boolean;
}>`
  display: grid;
  grid-template-columns: repeat(
    auto-fill,
    minmax(min(${({ $minItemWidth }) => $minItemWidth}px, 100%), 1fr)
  );
  gap: ${({ $gap }) => $gap}px;

  @media ${({ theme }) => theme.media.narrow} {
    ${({ $oneColumnOnNarrow }) => ($oneColumnOnNarrow ? 'grid-template-columns: 1fr;' : '')}
    gap: ${({ $narrowGap }) => $narrowGap}px;
  }
`;

const Track = styled.div`
  position: relative;
  width: 100%;
`;

const VirtualRow = styled.div<{ $columns: number; $gap: number }>`
  position: absolute;
  top: 0;
  left: 0;
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  gap: ${({ $gap }) => $gap}px;
  width: 100%;
`;

const Placeholder = styled.div`
  grid-column: 1 / -1;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.surface};
  opacity: 0.5;
`;

const Item = styled.div`
  min-width: 0;
`;

export interface VirtualListLayout {
  columns: number;
  /** A phone-sized screen (docs/product.md's 767 px). */
  narrow: boolean;
  /** The width of one column in px (0 before the list was measured). */
  columnWidth: number;
}

export interface VirtualListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** A row's height before it is measured, in px; close guesses keep the scroll bar steady. */
  estimateRowHeight: (layout: VirtualListLayout) => number;
  /** Columns are at least this wide, in px: as many fit as the width allows. One column if unset. */
  minItemWidth?: number;
  /** Space between rows and columns in px, and on phones (docs/product.md's 767 px). */
  gap?: number;
  narrowGap?: number;
  /** On phones one column whatever the width: the items show as a compact list there. */
  oneColumnOnNarrow?: boolean;
  /** How many items there are in all, when not all are loaded yet. */
  total?: number;
  /** Called when the last loaded rows come into view: load the next page. */
  onEndReached?: () => void;
  'aria-label': string;
}

/** Items rendered before the list knows its width (the server's render): about a screenful. */
const FIRST_RENDER_ITEMS = 12;

function columnsFor(width: number, minItemWidth: number | undefined, gap: number): number {
  if (!minItemWidth || width <= 0) return 1;
  // CSS grid's auto-fill: as many tracks of minItemWidth and their gaps as fit.
  return Math.max(1, Math.floor((width + gap) / (minItemWidth + gap)));
}

/**
 * A long list that renders only the rows on screen (a 250-song playlist, every search result),
 * scrolled with the page. Items are grouped in rows of as many columns as fit. Assistive technology
 * still hears the whole list's size through aria-setsize.
 */
export function VirtualList<T>({
  items,
  getKey,
  renderItem,
  estimateRowHeight,
  minItemWidth,
  gap = 24,
  narrowGap = gap,
  oneColumnOnNarrow = false,
  total,
  onEndReached,
  'aria-label': label,
}: VirtualListProps<T>) {
  const theme = useTheme();
  // The list's element as state: the first render's flow grid and the virtual track are two
  // different elements, and the measures below must follow the one in the page. A measure of the
  // detached flow grid reads 0 for its width and its top, which put the list's start at the page's
  // scroll position and drew its first rows wherever the page was scrolled.
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [measure, setMeasure] = useState<{ width: number; top: number; narrow: boolean } | null>(
    null,
  );

  // Measured before the first paint, so the flow layout of the first render is never seen moving.
  useLayoutEffect(() => {
    if (!element) return;
    // jsdom has no matchMedia: it is then a wide screen.
    const narrowQuery =
      typeof window.matchMedia === 'function' ? window.matchMedia(theme.media.narrow) : null;
    const update = () =>
      setMeasure((previous) => {
        const next = {
          width: element.clientWidth,
          top: element.getBoundingClientRect().top + window.scrollY,
          narrow: narrowQuery?.matches ?? false,
        };
        const same =
          previous &&
          previous.width === next.width &&
          previous.top === next.top &&
          previous.narrow === next.narrow;
        return same ? previous : next;
      });
    update();
    // jsdom has no ResizeObserver: the list then keeps its first measure.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [element, theme.media.narrow]);

  const rowGap = measure?.narrow ? narrowGap : gap;
  const narrow = measure?.narrow ?? false;
  const columns =
    narrow && oneColumnOnNarrow ? 1 : columnsFor(measure?.width ?? 0, minItemWidth, rowGap);
  const columnWidth = measure?.width ? (measure.width - (columns - 1) * rowGap) / columns : 0;
  // Rows for every item, loaded or not: the list keeps its full height while pages arrive, and
  // rows not loaded yet show as placeholders until they are.
  const rowCount = Math.ceil(Math.max(total ?? 0, items.length) / columns);

  const estimate = estimateRowHeight({ columns, columnWidth, narrow });
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimate,
    // A row not laid out (no size yet, or no layout engine as in jsdom) keeps its estimate.
    measureElement: (element) => element.getBoundingClientRect().height || estimate,
    overscan: 4,
    gap: rowGap,
    scrollMargin: measure?.top ?? 0,
    // Where the page already is (a list that grows under a scrolled page, a return visit): the
    // window's scroll events only tell about later moves.
    initialOffset: () => (typeof window === 'undefined' ? 0 : window.scrollY),
  });
  const rows = virtualizer.getVirtualItems();
  const lastRow = rows.at(-1)?.index ?? -1;

  const loadedRows = Math.ceil(items.length / columns);
  useEffect(() => {
    if (measure && onEndReached && loadedRows > 0 && lastRow >= loadedRows - 1) onEndReached();
  }, [measure, onEndReached, loadedRows, lastRow]);

  const setSize = total ?? items.length;
  const item = (entry: T, index: number) => (
    <Item key={getKey(entry)} role="listitem" aria-setsize={setSize} aria-posinset={index + 1}>
      {renderItem(entry, index)}
    </Item>
  );

  if (!measure) {
    return (
      <FlowGrid
        ref={setElement}
        role="list"
        aria-label={label}
        $minItemWidth={minItemWidth ?? 100_000}
        $gap={gap}
        $narrowGap={narrowGap}
        $oneColumnOnNarrow={oneColumnOnNarrow}
      >
        {items.slice(0, FIRST_RENDER_ITEMS).map(item)}
      </FlowGrid>
    );
  }

  return (
    <Track
      ref={setElement}
      role="list"
      aria-label={label}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => (
        <VirtualRow
          key={row.key}
          role="none"
          data-index={row.index}
          ref={virtualizer.measureElement}
          $columns={columns}
          $gap={rowGap}
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
        >
          {row.index < loadedRows ? (
            items
              .slice(row.index * columns, (row.index + 1) * columns)
              .map((entry, offset) => item(entry, row.index * columns + offset))
          ) : (
            <Placeholder aria-hidden="true" style={{ height: row.size }} />
          )}
        </VirtualRow>
      ))}
    </Track>
  );
}
