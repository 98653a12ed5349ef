import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { LoadError } from './LoadError.tsx';

describe('LoadError', () => {
  it('announces what failed and asks again on Retry', async () => {
    const onRetry = vi.fn();
    renderWithTheme(
      <LoadError message="An error occurred while fetching data." onRetry={onRetry} />,
    );

    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while fetching data.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
