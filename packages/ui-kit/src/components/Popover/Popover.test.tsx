import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { KeyboardIcon } from '../ActionBar/actionIcons.tsx';
import { Popover } from './Popover.tsx';

describe('Popover', () => {
  it('opens from its button and closes with Escape or a click elsewhere', async () => {
    renderWithTheme(
      <>
        <p>Outside</p>
        <Popover label="Keyboard shortcuts" icon={KeyboardIcon}>
          <p>Space: play or pause</p>
        </Popover>
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Keyboard shortcuts' });
    expect(screen.queryByText('Space: play or pause')).toBeNull();

    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Keyboard shortcuts' })).toHaveTextContent(
      'Space: play or pause',
    );

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('Space: play or pause')).toBeNull();

    await userEvent.click(trigger);
    await userEvent.click(screen.getByText('Outside'));
    expect(screen.queryByText('Space: play or pause')).toBeNull();
  });
});
