import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { ChannelAvatarButton } from './ChannelAvatarButton.tsx';
import { channels } from './fixtures.ts';

describe('ChannelAvatarButton', () => {
  it("is a button named by the channel that opens the channel's details", async () => {
    const onOpen = vi.fn();
    renderWithTheme(<ChannelAvatarButton channel={channels[0]!} onOpen={onOpen} />);

    await userEvent.click(screen.getByRole('button', { name: /Neon Beats/ }));
    expect(onOpen).toHaveBeenCalledOnce();
  });
});
