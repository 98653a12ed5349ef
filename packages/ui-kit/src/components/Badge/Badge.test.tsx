import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { Badge } from './Badge.tsx';

describe('Badge', () => {
  it('shows its label', () => {
    renderWithTheme(<Badge variant="network">Network</Badge>);

    expect(screen.getByText('Network')).toBeVisible();
  });

  it('gives each variant its own colour', () => {
    renderWithTheme(
      <>
        <Badge variant="new">New</Badge>
        <Badge variant="special">Special</Badge>
      </>,
    );

    const newColour = getComputedStyle(screen.getByText('New')).backgroundColor;
    const specialColour = getComputedStyle(screen.getByText('Special')).backgroundColor;
    expect(newColour).not.toBe('');
    expect(newColour).not.toBe(specialColour);
  });
});
