import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { ActionBar, ActionButton } from './ActionBar.tsx';
import { NextIcon, ShuffleIcon } from './actionIcons.tsx';

describe('ActionBar', () => {
  it('groups named icon buttons, toggles announcing whether they are on', async () => {
    const onNext = vi.fn();
    renderWithTheme(
      <ActionBar label="Song actions">
        <ActionButton label="Next song" icon={NextIcon} onClick={onNext} />
        <ActionButton label="Shuffle" icon={ShuffleIcon} onClick={() => {}} pressed />
      </ActionBar>,
    );

    const toolbar = screen.getByRole('toolbar', { name: 'Song actions' });
    expect(toolbar).toBeVisible();
    expect(screen.getByRole('button', { name: 'Shuffle' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Next song' })).not.toHaveAttribute('aria-pressed');

    await userEvent.click(screen.getByRole('button', { name: 'Next song' }));
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('does nothing when a button is disabled', async () => {
    const onClick = vi.fn();
    renderWithTheme(
      <ActionBar label="Song actions">
        <ActionButton label="Previous song" icon={NextIcon} onClick={onClick} disabled />
      </ActionBar>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Previous song' }));
    expect(onClick).not.toHaveBeenCalled();
  });
});
