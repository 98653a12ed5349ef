import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';

/**
 * The list's one element, in both of its layouts. Before the list knows its width (the server's
 * render and the browser's first) it is a flow grid of the first items, with the columns CSS
 * picks; once measured it holds the rows on screen, its columns and the space of the rows above
 * and below set inline. The element and the items' keys stay the same across the switch, so React
 * keeps the items the page already shows instead of making them again (on a phone that switch
 * was a task of 260-330 ms).
 */
const ListGrid = styled.div<{
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
  // The list's element as state: the measures below start once it is in the page (one measured
  // while detached reads 0 for its width and its top, which would put the list's start at the
  // page's scroll position and draw its first rows wherever the page was scrolled).
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
    // Its border box: the content box changes with the padding each scroll moves.
    observer.observe(element, { box: 'border-box' });
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
  const listProps = {
    ref: setElement,
    role: 'list',
    'aria-label': label,
    $minItemWidth: minItemWidth ?? 100_000,
    $gap: gap,
    $narrowGap: narrowGap,
    $oneColumnOnNarrow: oneColumnOnNarrow,
  };

  if (!measure) {
    return (
      <ListGrid {...listProps}>
        {items.slice(0, FIRST_RENDER_ITEMS).map((entry, index) => (
          <Item
            key={getKey(entry)}
            role="listitem"
            aria-setsize={setSize}
            aria-posinset={index + 1}
          >
            {renderItem(entry, index)}
          </Item>
        ))}
      </ListGrid>
    );
  }

  // The rows above and below those drawn are the list's padding; the grid's own gap spaces the
  // rows drawn, as the virtualizer's does.
  const listStart = virtualizer.options.scrollMargin;
  const paddingTop = rows.length ? rows[0]!.start - listStart : 0;
  const paddingBottom = rows.length
    ? virtualizer.getTotalSize() - (rows.at(-1)!.end - listStart)
    : 0;
  return (
    <ListGrid
      {...listProps}
      style={{
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        paddingTop,
        paddingBottom,
      }}
    >
      {/* One flat list of keyed items, as in the first render: nested arrays would key them apart. */}
      {rows.flatMap((row) => {
        // Every item of a row is stretched to the row's height: each measures the row.
        const measureProps = { 'data-index': row.index, ref: virtualizer.measureElement };
        if (row.index >= loadedRows) {
          return (
            <Placeholder
              key={`not-loaded-${row.key}`}
              aria-hidden="true"
              style={{ height: row.size }}
              {...measureProps}
            />
          );
        }
        return items.slice(row.index * columns, (row.index + 1) * columns).map((entry, offset) => {
          const index = row.index * columns + offset;
          return (
            <Item
              key={getKey(entry)}
              role="listitem"
              aria-setsize={setSize}
              aria-posinset={index + 1}
              {...measureProps}
            >
              {renderItem(entry, index)}
            </Item>
          );
        });
      })}
    </ListGrid>
  );
}
