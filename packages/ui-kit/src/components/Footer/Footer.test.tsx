import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { scrollWindowTo } from '../../test/scroll.ts';
import { Footer, type SocialLinks } from './Footer.tsx';

const social: SocialLinks = {
  discord: 'https://discord.gg/nightcore',
  instagram: 'https://www.instagram.com/nightcore',
  x: 'https://x.com/nightcore',
  tiktok: 'https://www.tiktok.com/@nightcore',
  donation: 'https://ko-fi.com/nightcore',
};

const links = [
  { label: 'Playlists', href: '/playlists' },
  { label: 'Privacy Policy', href: '/privacy' },
];

describe('Footer', () => {
  afterEach(() => {
    scrollWindowTo(0);
    vi.restoreAllMocks();
  });

  it('links each social network in a new tab', () => {
    renderWithTheme(<Footer siteName="Nightcore" social={social} links={links} />);

    const list = screen.getByRole('list', { name: 'Social media' });
    const names = within(list)
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label'));
    expect(names).toEqual(['Discord', 'Instagram', 'X', 'TikTok', 'Donate']);
    const donate = within(list).getByRole('link', { name: 'Donate' });
    expect(donate).toHaveAttribute('href', 'https://ko-fi.com/nightcore');
    expect(donate).toHaveAttribute('target', '_blank');
    expect(donate).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('leaves out networks the brand has no address for', () => {
    renderWithTheme(
      <Footer siteName="Nightcore" social={{ ...social, tiktok: '' }} links={links} />,
    );

    expect(screen.queryByRole('link', { name: 'TikTok' })).toBeNull();
  });

  it('links the site pages', () => {
    renderWithTheme(<Footer siteName="Nightcore" social={social} links={links} />);

    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('shows the copyright line of the current year', () => {
    renderWithTheme(<Footer siteName="Nightcore" social={social} links={links} />);

    expect(screen.getByText(`Copyright © ${new Date().getFullYear()} Nightcore`)).toBeVisible();
  });

  it('offers to scroll back to the top once scrolled past 100 px', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderWithTheme(<Footer siteName="Nightcore" social={social} links={links} />);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();

    scrollWindowTo(100);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();

    scrollWindowTo(101);
    await userEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));

    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
