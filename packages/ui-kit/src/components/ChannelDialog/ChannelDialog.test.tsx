import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { ChannelDialog } from './ChannelDialog.tsx';
import { channels } from './fixtures.ts';

function CyclingDialog({ start, onClose = () => {} }: { start: number; onClose?: () => void }) {
  const [index, setIndex] = useState(start);
  return (
    <ChannelDialog channels={channels} index={index} onIndexChange={setIndex} onClose={onClose} />
  );
}

describe('ChannelDialog', () => {
  it("shows the channel's picture, name and a link to its page", () => {
    renderWithTheme(<CyclingDialog start={0} />);

    expect(screen.getByRole('dialog', { name: 'Neon Beats' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Neon Beats' })).toHaveAttribute(
      'src',
      channels[0]!.channel_pic,
    );
    expect(screen.getByRole('link', { name: 'Visit channel' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/channel/UCneon',
    );
  });

  it('cycles through every channel with next, going round after the last', async () => {
    renderWithTheme(<CyclingDialog start={1} />);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Midnight Dreams' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Neon Beats' })).toBeVisible();
  });

  it('cycles backwards with previous, going round before the first', async () => {
    renderWithTheme(<CyclingDialog start={0} />);

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog', { name: 'Midnight Dreams' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog', { name: 'Crystal Waves' })).toBeVisible();
  });

  it('closes with Escape', async () => {
    const onClose = vi.fn();
    renderWithTheme(<CyclingDialog start={0} onClose={onClose} />);

    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
