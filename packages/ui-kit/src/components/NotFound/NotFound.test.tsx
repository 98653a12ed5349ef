import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { NotFound } from './NotFound.tsx';

describe('NotFound', () => {
  it('says the page was not found and links back home', () => {
    renderWithTheme(<NotFound />);

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });
});
