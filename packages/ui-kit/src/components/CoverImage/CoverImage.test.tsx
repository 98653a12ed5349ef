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
    expect(container.querySelector('img')).toBeNull();

    rerender(<CoverImage src="/cover.jpg" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/cover.jpg');
  });
});
