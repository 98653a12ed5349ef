import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    const card = screen.getByRole('article');
    // The picture is decorative (the title follows); a picture that fails leaves the gradient.
    const picture = card.querySelector('img[src="https://example.com/a.jpg"]')!;
    expect(picture).toHaveAttribute('alt', '');
    fireEvent.error(picture);
    expect(picture).not.toBeVisible();
    expect(screen.getByText('fans').tagName).toBe('B');
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute(
      'href',
      'https://example.com/news',
    );
  });

  it("says 'No updates to display' when there are none", async () => {
    renderApp('/latest', { api: { feedGet: () => ({ data: [] }) } });

    expect(await screen.findByText('No updates to display')).toBeVisible();
  });

  it('says when the news fail to load, and shows them after Retry', async () => {
    let serverDown = true;
    renderApp('/latest', {
      api: {
        feedGet: () =>
          serverDown
            ? { code: 500, message: 'Server error' }
            : { data: [{ image: '', title: 'Back again', content: '<p>Hi</p>', url: '' }] },
      },
    });

    expect(await screen.findByRole('alert', { name: 'Updates' })).toHaveTextContent('Server error');
    serverDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeVisible();
  });
});
