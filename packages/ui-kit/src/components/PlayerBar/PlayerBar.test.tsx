import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { PlayerBar, type PlayerBarProps } from './PlayerBar.tsx';

function renderBar(overrides: Partial<PlayerBarProps> = {}) {
  const props: PlayerBarProps = {
    title: 'Monster',
    artist: 'Skillet',
    songHref: '/song?s=aaaaaaaaaaa&p=gaming',
    playing: true,
    hasPrevious: true,
    shuffle: false,
    repeat: true,
    muted: false,
    volume: 0.5,
    currentTime: 65,
    duration: 200,
    onTogglePlay: vi.fn(),
    onPrevious: vi.fn(),
    onNext: vi.fn(),
    onToggleShuffle: vi.fn(),
    onToggleRepeat: vi.fn(),
    onToggleMute: vi.fn(),
    onSeek: vi.fn(),
    onVolumeChange: vi.fn(),
    ...overrides,
  };
  renderWithTheme(<PlayerBar {...props} />);
  return { props, bar: within(screen.getByRole('region', { name: 'Player' })) };
}

describe('PlayerBar', () => {
  it('shows the song, where it has got to, and links to its page', () => {
    const { bar } = renderBar();

    expect(bar.getByRole('link', { name: 'Monster' })).toHaveAttribute(
      'href',
      '/song?s=aaaaaaaaaaa&p=gaming',
    );
    expect(bar.getByText('Skillet')).toBeVisible();
    expect(bar.getByRole('link', { name: 'Open the song page' })).toHaveAttribute(
      'href',
      '/song?s=aaaaaaaaaaa&p=gaming',
    );
    expect(bar.getByText('1:05')).toBeVisible();
    expect(bar.getByText('3:20')).toBeVisible();
    expect(bar.getByRole('slider', { name: 'Seek' })).toHaveAttribute(
      'aria-valuetext',
      '1:05 of 3:20',
    );
    expect(bar.getByRole('slider', { name: 'Volume' })).toHaveValue('50');
  });

  it('has no link to the song page while that page is shown', () => {
    const { bar } = renderBar({ songHref: null });

    expect(bar.getByText('Monster')).toBeVisible();
    expect(bar.queryByRole('link')).toBeNull();
  });

  it('says whether shuffle and repeat are on', () => {
    const { bar } = renderBar({ shuffle: false, repeat: true });

    expect(bar.getByRole('button', { name: 'Shuffle' })).toHaveAttribute('aria-pressed', 'false');
    expect(bar.getByRole('button', { name: 'Repeat' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers play while paused and pause while playing', () => {
    renderBar({ playing: false });
    expect(screen.getByRole('button', { name: 'Play' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('hands every control to its handler', async () => {
    const { bar, props } = renderBar();

    await userEvent.click(bar.getByRole('button', { name: 'Pause' }));
    await userEvent.click(bar.getByRole('button', { name: 'Previous song' }));
    await userEvent.click(bar.getByRole('button', { name: 'Next song' }));
    await userEvent.click(bar.getByRole('button', { name: 'Shuffle' }));
    await userEvent.click(bar.getByRole('button', { name: 'Repeat' }));
    await userEvent.click(bar.getByRole('button', { name: 'Mute' }));
    fireEvent.change(bar.getByRole('slider', { name: 'Seek' }), { target: { value: '120' } });
    fireEvent.change(bar.getByRole('slider', { name: 'Volume' }), { target: { value: '80' } });

    expect(props.onTogglePlay).toHaveBeenCalledOnce();
    expect(props.onPrevious).toHaveBeenCalledOnce();
    expect(props.onNext).toHaveBeenCalledOnce();
    expect(props.onToggleShuffle).toHaveBeenCalledOnce();
    expect(props.onToggleRepeat).toHaveBeenCalledOnce();
    expect(props.onToggleMute).toHaveBeenCalledOnce();
    expect(props.onSeek).toHaveBeenCalledWith(120);
    expect(props.onVolumeChange).toHaveBeenCalledWith(0.8);
  });

  it('cannot go back from the first song of a playlist', async () => {
    const { bar, props } = renderBar({ hasPrevious: false });

    await userEvent.click(bar.getByRole('button', { name: 'Previous song' }));
    expect(props.onPrevious).not.toHaveBeenCalled();
  });
});
