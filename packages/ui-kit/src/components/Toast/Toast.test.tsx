import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { Toast } from './Toast.tsx';

describe('Toast', () => {
  it('announces its message in a status region', () => {
    renderWithTheme(<Toast message="Link copied!" />);

    expect(screen.getByRole('status')).toHaveTextContent('Link copied!');
  });

  it('keeps an empty region when there is no message', () => {
    renderWithTheme(<Toast message={null} />);

    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
