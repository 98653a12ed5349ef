import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';

describe('SiteFooter', () => {
  it('links the information pages of the site', async () => {
    renderApp('/playlists');
    const footer = within(await screen.findByRole('navigation', { name: 'Footer' }));

    const links = footer
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Playlists', '/playlists'],
      ['What is Nightcore?', '/what-is-nightcore'],
      ['Network', '/network'],
      ['Privacy Policy', '/privacy'],
      ['FAQ', '/faq'],
      ['Contact Us', '/get-in-touch'],
    ]);
  });

  it('links the brand social networks and shows the copyright line', async () => {
    renderApp('/playlists');
    const contentInfo = within(await screen.findByRole('contentinfo'));

    expect(contentInfo.getByRole('link', { name: 'Discord' })).toHaveAttribute(
      'href',
      'https://discord.gg/nightcore',
    );
    expect(
      contentInfo.getByText(`Copyright © ${new Date().getFullYear()} Nightcore`),
    ).toBeVisible();
  });
});
