import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { CoverImage } from './CoverImage.tsx';

describe('CoverImage', () => {
  it('shows the picture as decoration, loaded lazily', () => {
    const { container } = renderWithTheme(<CoverImage src="/cover.jpg" />);

    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', '/cover.jpg');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('disappears when the picture fails to load, and comes back for a new one', () => {
    const { container, rerender } = renderWithTheme(<CoverImage src="/missing.jpg" />);

    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).not.toBeVisible();

    rerender(<CoverImage src="/cover.jpg" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/cover.jpg');
    expect(container.querySelector('img')).toBeVisible();
  });

  it('keeps the element it hides, so that a press begun on it still ends as a click', () => {
    const { container } = renderWithTheme(<CoverImage src="/missing.jpg" />);
    const pressed = container.querySelector('img')!;

    fireEvent.error(pressed);

    // The browser sends no click when the element under the press has left the page.
    expect(pressed).toBeInTheDocument();
    expect(pressed).not.toBeVisible();
  });

  it('disappears when the picture had already failed before the app took over the page', () => {
    // What a server-rendered page's broken picture looks like once the app mounts on it.
    const complete = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'complete');
    Object.defineProperty(HTMLImageElement.prototype, 'complete', {
      configurable: true,
      get: () => true,
    });
    try {
      const { container } = renderWithTheme(<CoverImage src="/missing.jpg" />);
      expect(container.querySelector('img')).not.toBeVisible();
    } finally {
      if (complete) Object.defineProperty(HTMLImageElement.prototype, 'complete', complete);
    }
  });
});
