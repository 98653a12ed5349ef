import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { Grid } from './Grid.tsx';

describe('Grid', () => {
  it('lists each child as an item of a named list', () => {
    renderWithTheme(
      <Grid aria-label="Playlists">
        <span>One</span>
        <span>Two</span>
        {null}
      </Grid>,
    );

    const list = screen.getByRole('list', { name: 'Playlists' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['One', 'Two']);
  });
});
