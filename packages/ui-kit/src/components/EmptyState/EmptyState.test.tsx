import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { EmptyState } from './EmptyState.tsx';

describe('EmptyState', () => {
  it('shows its title, message and actions', () => {
    renderWithTheme(
      <EmptyState title="No songs found" message="This playlist is empty">
        <a href="/playlists">Back to playlists</a>
      </EmptyState>,
    );

    expect(screen.getByRole('heading', { level: 2, name: 'No songs found' })).toBeVisible();
    expect(screen.getByText('This playlist is empty')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to playlists' })).toBeVisible();
  });

  it('can be the page heading', () => {
    renderWithTheme(<EmptyState title="Nothing here" titleLevel="h1" />);

    expect(screen.getByRole('heading', { level: 1, name: 'Nothing here' })).toBeVisible();
  });
});
