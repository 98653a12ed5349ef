import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Link, UiLinkProvider, isExternalHref, type UiLinkProps } from './Link.tsx';

/** Stands in for an app's router link: marks the anchors it renders. */
function RouterLink(props: UiLinkProps) {
  return <a data-router-link="" {...props} />;
}

describe('Link', () => {
  it('renders a plain anchor when no router link is provided', () => {
    render(<Link href="/playlists">Playlists</Link>);

    expect(screen.getByRole('link', { name: 'Playlists' })).toHaveAttribute('href', '/playlists');
  });

  it('sends paths inside the site through the provided router link', () => {
    render(
      <UiLinkProvider value={RouterLink}>
        <Link href="/playlist?p=new">New songs</Link>
      </UiLinkProvider>,
    );

    const link = screen.getByRole('link', { name: 'New songs' });
    expect(link).toHaveAttribute('data-router-link');
    expect(link).toHaveAttribute('href', '/playlist?p=new');
  });

  it('renders addresses outside the site as anchors without opener or referrer', () => {
    render(
      <UiLinkProvider value={RouterLink}>
        <Link href="https://x.com/nightcore">X</Link>
      </UiLinkProvider>,
    );

    const link = screen.getByRole('link', { name: 'X' });
    expect(link).not.toHaveAttribute('data-router-link');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('isExternalHref', () => {
  it.each([
    ['https://fm.localhost:8080', true],
    ['mailto:team@example.com', true],
    ['//cdn.example.com/a.png', true],
    ['/playlists', false],
    ['/song?s=abc&p=new', false],
  ])('%s -> %s', (href, external) => {
    expect(isExternalHref(href)).toBe(external);
  });
});
