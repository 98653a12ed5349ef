import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { LinkBadge } from './LinkBadge.tsx';

describe('LinkBadge', () => {
  it('is a link with its label', () => {
    renderWithTheme(<LinkBadge href="/search?q=The+Cab&type=artist">The Cab</LinkBadge>);

    expect(screen.getByRole('link', { name: 'The Cab' })).toHaveAttribute(
      'href',
      '/search?q=The+Cab&type=artist',
    );
  });
});
