import type { RadioNowPlaying } from '@fansite/contract';
import { createTheme } from '@fansite/ui-kit';
import { brands } from '@fansite/brand-config';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { createFakeAdapter } from '@fansite/player/core';
import { createRadio } from '@fansite/player/radio';
import { RadioWidget } from './RadioWidget.tsx';

const nowPlaying: RadioNowPlaying = {
  youtube_url: 'stationSng1',
  start_time: new Date(Date.now() - 30_000).toISOString(),
  title: 'Nightcore - Station Song',
  author_name: 'Radio Artist',
  category_name: 'Radio Playlist',
  category_id: 'radio-playlist',
  duration: 200,
  server_time: new Date().toISOString(),
  received_time: new Date().toISOString(),
  listeners: 3,
  last_played: [
    {
      youtube_url: 'earlierSng1',
      start_time: new Date(Date.now() - 230_000).toISOString(),
      title: 'Nightcore - Earlier Song',
      author_name: 'Someone',
      category_name: 'Radio Playlist',
      category_id: 'radio-playlist',
    },
  ],
};

function renderWidget(
  fetchNowPlaying = async () => ({ ...nowPlaying, server_time: new Date().toISOString() }),
) {
  const fake = createFakeAdapter();
  const radio = createRadio({ fetchNowPlaying });
  const writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render(
    <ThemeProvider theme={createTheme(brands.nightcore.theme)}>
      <RadioWidget
        radio={radio}
        createAdapter={() => fake.adapter}
        shareUrl="https://fm.nightcore.example"
      />
    </ThemeProvider>,
  );
  return { fake, radio, writeText };
}

describe('RadioWidget', () => {
  it('shows the song playing now, who listens and what played before', async () => {
    renderWidget();
    expect(await screen.findByRole('heading', { name: 'Nightcore - Station Song' })).toBeVisible();
    expect(screen.getByText('Radio Artist · Radio Playlist')).toBeVisible();
    expect(screen.getByText('3 listeners')).toBeVisible();
    expect(screen.getByRole('listitem')).toHaveTextContent('Nightcore - Earlier Song · Someone');
  });

  it('starts muted at volume 50; unmuting plays with sound', async () => {
    const user = userEvent.setup();
    const { fake } = renderWidget();
    await screen.findByRole('heading', { name: 'Nightcore - Station Song' });
    expect(fake.muted).toBe(true);
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('50');

    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(fake.muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Mute' })).toBeVisible();
  });

  it('offers no Mute while offline: nothing plays', async () => {
    renderWidget(async () => {
      throw new TypeError('Failed to fetch');
    });
    const button = await screen.findByRole('button', { name: 'Nothing playing' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: /mute/i })).toBeNull();
  });

  it('says when YouTube cannot be reached, links the song on YouTube and retries', async () => {
    const user = userEvent.setup();
    const { fake } = renderWidget();
    await screen.findByRole('heading', { name: 'Nightcore - Station Song' });

    await act(async () => fake.unreachable());

    expect(await screen.findByRole('alert')).toHaveTextContent('YouTube cannot be reached');
    expect(screen.getByRole('link', { name: 'Open on YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=stationSng1',
    );
    const loads = fake.loaded.length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fake.loaded).toHaveLength(loads + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('copies the radio link and says so for a moment', async () => {
    const user = userEvent.setup();
    const { writeText } = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://fm.nightcore.example');
    expect(screen.getByText('Link copied!')).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_600)));
    expect(screen.queryByText('Link copied!')).toBeNull();
  });
});
