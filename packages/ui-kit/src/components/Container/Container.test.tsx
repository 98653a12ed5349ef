import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { Container } from './Container.tsx';

describe('Container', () => {
  it('holds its content at the site width', () => {
    renderWithTheme(
      <Container as="section" aria-label="Playlists">
        Content
      </Container>,
    );

    const section = screen.getByRole('region', { name: 'Playlists' });
    expect(section).toHaveTextContent('Content');
    expect(section).toHaveStyle({ maxWidth: '1200px' });
  });
});
