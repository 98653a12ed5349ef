import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { Banner } from './Banner.tsx';

describe('Banner', () => {
  it('titles the page', () => {
    renderWithTheme(<Banner title="Gaming nightcore" />);

    expect(screen.getByRole('heading', { level: 1, name: 'Gaming nightcore' })).toBeVisible();
  });

  it('shows what is given under the title', () => {
    renderWithTheme(
      <Banner title="Playlists">
        <p>Every playlist of the site</p>
      </Banner>,
    );

    expect(screen.getByText('Every playlist of the site')).toBeVisible();
  });
});
