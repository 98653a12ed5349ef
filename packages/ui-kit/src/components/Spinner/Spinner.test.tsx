import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { Spinner } from './Spinner.tsx';

describe('Spinner', () => {
  it('announces that something is loading', () => {
    renderWithTheme(<Spinner />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('names what is loading when told', () => {
    renderWithTheme(<Spinner label="Loading playlists" />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading playlists');
  });
});
