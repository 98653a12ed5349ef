import { nightcore } from '@fansite/brand-config';
import type { SubscriberInfo } from '@fansite/contract';
import { createFakeAdapter } from '@fansite/player/core';
import { createTheme } from '@fansite/ui-kit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { NewSongs, newestVideos } from './NewSongs.tsx';
import { SupportSection } from './SupportSection.tsx';

const renderThemed = (ui: ReactElement) =>
  render(<ThemeProvider theme={createTheme(nightcore.theme)}>{ui}</ThemeProvider>);

const site: SubscriberInfo['data'] = {
  id: 1,
  enabled: 'yes',
  domain_name: 'alice',
  name: 'Alice',
  subtitle: '',
  about_me: '',
  social_text: 'Thanks for listening',
  banner_url: '',
  youtube: 'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv',
  twitter: 'https://x.com/alice',
  patreon: '',
  facebook: 'javascript:alert(1)',
  instagram: '',
  discord: '',
  tiktok: '',
  soundcloud: '',
  rumble: '',
  spotify: '',
};

describe('SupportSection', () => {
  it('links only the accounts that are set to a web address, X by its name', () => {
    renderThemed(<SupportSection site={site} />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['YouTube', 'X']);
    expect(screen.getByRole('link', { name: 'X' })).toHaveAttribute('href', 'https://x.com/alice');
    expect(screen.getByText('Thanks for listening')).toBeVisible();
  });
});

const video = (day: number) => ({
  title: `Song of day ${day}`,
  date_added: new Date(Date.UTC(2026, 0, day)).toISOString(),
});

describe('newestVideos', () => {
  it('keeps the eight newest, newest first', () => {
    const videos = Object.fromEntries(
      Array.from({ length: 10 }, (_, index) => [`video${index}`, video(index + 1)]),
    );
    const newest = newestVideos(videos);
    expect(newest).toHaveLength(8);
    expect(newest[0]).toMatchObject({ id: 'video9', title: 'Song of day 10' });
    expect(newest.at(-1)?.id).toBe('video2');
  });
});

describe('NewSongs', () => {
  it('plays a video in the floating player; Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    const fake = createFakeAdapter();
    const load = vi.spyOn(fake.adapter, 'load');
    renderThemed(
      <NewSongs videos={{ aaaaaaaaaaa: video(2) }} createAdapter={() => fake.adapter} />,
    );
    const thumbnail = screen.getByRole('button', { name: 'Play Song of day 2' });

    await user.click(thumbnail);
    expect(screen.getByRole('dialog', { name: 'Video player' })).toBeVisible();
    expect(load).toHaveBeenCalledWith('aaaaaaaaaaa');
    expect(screen.getByRole('button', { name: 'Close the video' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumbnail).toHaveFocus();
  });

  it('says so when the channel has no videos to show', () => {
    renderThemed(<NewSongs videos={{}} createAdapter={() => createFakeAdapter().adapter} />);
    expect(screen.getByText('No videos to show yet.')).toBeVisible();
  });
});
