import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { Dialog } from './Dialog.tsx';

describe('Dialog', () => {
  it('is a modal dialog named by its title that focuses its first field', () => {
    renderWithTheme(
      <Dialog title="Report this song" onClose={() => {}}>
        <input aria-label="Reason" />
      </Dialog>,
    );

    expect(screen.getByRole('dialog', { name: 'Report this song' })).toHaveAttribute(
      'aria-modal',
      'true',
    );
    expect(screen.getByLabelText('Reason')).toHaveFocus();
  });

  it('closes with its button, Escape and a click on the backdrop, not inside', async () => {
    const onClose = vi.fn();
    renderWithTheme(
      <Dialog title="Login required" onClose={onClose}>
        <p>Text</p>
      </Dialog>,
    );

    await userEvent.click(screen.getByText('Text'));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Escape}');
    fireEvent.click(screen.getByRole('dialog').parentElement!);
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
