import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { Avatar } from './Avatar.tsx';

describe('Avatar', () => {
  it('shows the picture with the name as its alt text', () => {
    renderWithTheme(<Avatar src="https://example.com/a.jpg" name="Neon Beats" />);

    expect(screen.getByRole('img', { name: 'Neon Beats' })).toHaveAttribute(
      'src',
      'https://example.com/a.jpg',
    );
  });

  it('shows the initial, still named, when the picture cannot load', () => {
    renderWithTheme(<Avatar src="https://example.com/missing.jpg" name="neon Beats" />);

    fireEvent.error(screen.getByRole('img', { name: 'neon Beats' }));

    const fallback = screen.getByRole('img', { name: 'neon Beats' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('N');
  });

  it('keeps the picture it hides, so that a press begun on it still ends as a click', () => {
    renderWithTheme(<Avatar src="https://example.com/missing.jpg" name="Neon Beats" />);
    const pressed = screen.getByRole('img', { name: 'Neon Beats' });

    fireEvent.error(pressed);

    // The browser sends no click when the element under the press has left the page.
    expect(pressed).toBeInTheDocument();
    expect(pressed).not.toBeVisible();
    expect(screen.getByRole('img', { name: 'Neon Beats' })).toHaveTextContent('N');
  });
});
