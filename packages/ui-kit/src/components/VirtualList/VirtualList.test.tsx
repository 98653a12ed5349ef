import { act, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme, withTheme } from '../../test/render.tsx';
import { scrollWindowTo } from '../../test/scroll.ts';
import { VirtualList } from './VirtualList.tsx';

const songs = Array.from({ length: 1000 }, (_, index) => `Song ${index + 1}`);

type ListProps = Partial<Parameters<typeof VirtualList<string>>[0]>;

/** The list of a thousand songs, 100 px rows unless `props` say otherwise. */
function songList(props: ListProps = {}) {
  return (
    <VirtualList
      aria-label="Songs"
      items={songs}
      getKey={(song) => song}
      renderItem={(song) => <p>{song}</p>}
      estimateRowHeight={() => 100}
      {...props}
    />
  );
}

function renderList(props: ListProps = {}) {
  return renderWithTheme(songList(props));
}

describe('VirtualList', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('renders only the rows on screen of a long list, and tells its whole size', () => {
    renderList();

    const items = within(screen.getByRole('list', { name: 'Songs' })).getAllByRole('listitem');
    // jsdom's window is 768 px high: 100 px rows make a screenful plus a few rows of overscan.
    expect(items.length).toBeGreaterThan(5);
    expect(items.length).toBeLessThan(30);
    expect(screen.getByText('Song 1')).toBeInTheDocument();
    expect(screen.queryByText('Song 1000')).toBeNull();
    expect(items[0]).toHaveAttribute('aria-setsize', '1000');
    expect(items[0]).toHaveAttribute('aria-posinset', '1');
  });

  it('keeps the items of the server’s page as it switches to the rows on screen', () => {
    // 50 px rows: a screenful of jsdom's 768 px is more than the server's first items.
    const list = songList({ estimateRowHeight: () => 50 });
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(withTheme(list));
    const serverItems = within(container).getAllByRole('listitem');

    renderWithTheme(list, { container, hydrate: true });

    const items = within(container).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(serverItems.length);
    // The same elements, not copies: React adopted them and kept them.
    serverItems.forEach((item, index) => expect(items[index]).toBe(item));
  });

  it('renders the rows further down once the page scrolls there', () => {
    renderList();

    // Rows are 100 px apart plus the 24 px gap: song 500 starts at 499 × 124 px.
    scrollWindowTo(499 * 124);

    expect(screen.getByText('Song 500')).toBeInTheDocument();
    expect(screen.queryByText('Song 1')).toBeNull();
    scrollWindowTo(0);
  });

  it('keeps drawing the rows in view when the page is measured again while scrolled down', () => {
    // jsdom has no layout and no ResizeObserver: the list starts 300 px down the page, and the
    // observers are called as a browser would call them when the page's size changes.
    const callbacks = new Set<(entries: ResizeObserverEntry[]) => void>();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        private readonly callback: (entries: ResizeObserverEntry[]) => void;
        constructor(callback: (entries: ResizeObserverEntry[]) => void) {
          this.callback = callback;
        }
        observe() {
          callbacks.add(this.callback);
        }
        unobserve() {}
        disconnect() {
          callbacks.delete(this.callback);
        }
      },
    );
    // An element out of the page measures all zeros, as in a browser.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const top =
        this.isConnected && this.getAttribute('role') === 'list' ? 300 - window.scrollY : 0;
      return DOMRect.fromRect({ x: 0, y: top, width: 0, height: 0 });
    });
    renderList();

    try {
      scrollWindowTo(300 + 499 * 124);
      act(() => callbacks.forEach((callback) => callback([])));

      expect(screen.getByText('Song 500')).toBeInTheDocument();
      expect(screen.queryByText('Song 1')).toBeNull();
    } finally {
      scrollWindowTo(0);
    }
  });

  it('announces the total when not every item is loaded, and asks for more at the end', () => {
    const onEndReached = vi.fn();
    renderList({ items: songs.slice(0, 3), total: 250, onEndReached });

    expect(screen.getAllByRole('listitem')[2]).toHaveAttribute('aria-setsize', '250');
    expect(onEndReached).toHaveBeenCalled();
  });

  it('does not ask for more while the end is out of sight', () => {
    const onEndReached = vi.fn();
    renderList({ onEndReached });

    expect(onEndReached).not.toHaveBeenCalled();
  });
});
