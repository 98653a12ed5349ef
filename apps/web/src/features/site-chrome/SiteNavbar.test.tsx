import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';

const navigation = async () => within(await screen.findByRole('navigation', { name: 'Main' }));

describe('SiteNavbar', () => {
  it('links the site sections, the radio site and the subscriptions page', async () => {
    renderApp('/playlists');
    const nav = await navigation();

    const hrefOf = (name: string) => nav.getByRole('link', { name }).getAttribute('href');
    expect(hrefOf('Nightcore')).toBe('/');
    expect(hrefOf('Playlists')).toBe('/playlists');
    expect(hrefOf('Radio')).toBe(`http://fm.${window.location.host}`);
    expect(hrefOf('Network')).toBe('/network');
    expect(hrefOf('Subscriptions')).toBe('https://www.patreon.com/nightcore');
    expect(hrefOf('Account')).toBe('/login');
    expect(nav.getByRole('button', { name: 'Random Song' })).toBeVisible();
  });

  it('shows the brand logo', async () => {
    renderApp('/playlists');
    const nav = await navigation();

    expect(nav.getByRole('img', { name: 'Nightcore' })).toHaveAttribute(
      'src',
      '/brand/nightcore-logo.svg',
    );
  });

  it('searches for the typed text', async () => {
    const { router } = renderApp('/playlists');
    const nav = await navigation();

    await userEvent.click(nav.getByRole('button', { name: 'Search' }));
    await userEvent.type(
      nav.getByRole('searchbox', { name: 'Search songs' }),
      'rock & roll{Enter}',
    );

    await waitFor(() => expect(router.state.location.href).toBe('/search?q=rock+%26+roll'));
  });

  it('is transparent over the home hero and black elsewhere', async () => {
    const { router } = renderApp('/');
    const header = await screen.findByRole('banner');
    expect(header).toHaveStyle({ backgroundColor: 'rgba(0, 0, 0, 0)' });

    await router.navigate({ to: '/playlists' });

    await waitFor(() => expect(header).toHaveStyle({ backgroundColor: 'rgb(0, 0, 0)' }));
  });
});
