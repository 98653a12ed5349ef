import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp.tsx';

describe('/latest', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each update with its image, title, cleaned content and a read-more link', async () => {
    renderApp('/latest', {
      api: {
        feedGet: () => ({
          data: [
            {
              image: 'https://example.com/a.jpg',
              title: 'Big news',
              content: '<p>Hello <b>fans</b></p><img src="x" onerror="alert(1)">',
              url: 'https://example.com/news',
            },
          ],
        }),
      },
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'Big news' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Big news' })).toHaveAttribute(
      'src',
      'https://example.com/a.jpg',
    );
    expect(screen.getByText('fans').tagName).toBe('B');
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute(
      'href',
      'https://example.com/news',
    );
  });

  it("says 'No updates to display' when there are none, or when the call fails", async () => {
    renderApp('/latest', { api: { feedGet: () => ({ code: 500, message: 'Server error' }) } });

    expect(await screen.findByText('No updates to display')).toBeVisible();
  });
});
