import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { scrollWindowTo } from '../../test/scroll.ts';
import { Navbar, NavbarButton, NavbarLink } from './Navbar.tsx';

function renderNavbar({ overlay = false, onSearch = vi.fn(), onRandomSong = vi.fn() } = {}) {
  renderWithTheme(
    <Navbar
      siteName="Nightcore"
      logoSrc="/brand/nightcore-logo.svg"
      overlay={overlay}
      onSearch={onSearch}
    >
      <NavbarLink href="/playlists">Playlists</NavbarLink>
      <NavbarButton onClick={onRandomSong}>Random Song</NavbarButton>
      <NavbarLink href="https://fm.localhost:8080">Radio</NavbarLink>
    </Navbar>,
  );
  return { onSearch, onRandomSong };
}

const header = () => screen.getByRole('banner');

describe('Navbar', () => {
  afterEach(() => scrollWindowTo(0));

  it('shows the logo linking home and the items in order', () => {
    renderNavbar();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Nightcore' })).toHaveAttribute('href', '/');
    const items = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Playlists', 'Random Song', 'Radio']);
    expect(within(nav).getByRole('link', { name: 'Radio' })).toHaveAttribute(
      'href',
      'https://fm.localhost:8080',
    );
  });

  it('runs the action of a button item', async () => {
    const { onRandomSong } = renderNavbar();

    await userEvent.click(screen.getByRole('button', { name: 'Random Song' }));

    expect(onRandomSong).toHaveBeenCalledOnce();
  });

  it('toggles a search box with the search icon', async () => {
    renderNavbar();
    const toggle = screen.getByRole('button', { name: 'Search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('searchbox')).toBeNull();

    await userEvent.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search songs' })).toHaveFocus();

    await userEvent.click(toggle);

    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('searches for the typed text on Enter', async () => {
    const { onSearch } = renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    await userEvent.type(screen.getByRole('searchbox'), '  angel with a shotgun {Enter}');

    expect(onSearch).toHaveBeenCalledWith('angel with a shotgun');
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('does not search for blank text', async () => {
    const { onSearch } = renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    await userEvent.type(screen.getByRole('searchbox'), '   {Enter}');

    expect(onSearch).not.toHaveBeenCalled();
  });

  it('opens and folds the menu with the menu button', async () => {
    renderNavbar();
    // The menu button shows on narrow screens only, through a media rule that jsdom does not apply.
    const menu = screen.getByLabelText('Menu');

    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(screen.getByRole('link', { name: 'Playlists' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('is black on ordinary pages', () => {
    renderNavbar();

    expect(header()).toHaveStyle({ backgroundColor: 'rgb(0, 0, 0)' });
  });

  it('is transparent over the page top when it overlays it, and black once scrolled', () => {
    renderNavbar({ overlay: true });
    expect(header()).toHaveStyle({ backgroundColor: 'rgba(0, 0, 0, 0)' });

    scrollWindowTo(40);

    // jsdom applies no media rules: this is the wide-screen behaviour.
    expect(header()).toHaveStyle({ backgroundColor: 'rgb(0, 0, 0)' });
  });
});
