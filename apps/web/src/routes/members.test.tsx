import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp.tsx';

const members = ['Neon Beats', 'Crystal Waves', 'Midnight Dreams'].map((name, index) => ({
  channel_id: `UC${index}`,
  channel_name: name,
  channel_pic: `https://example.com/${index}.jpg`,
}));

describe('/members', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for up to 10000 members and shows them all, with an apply button', async () => {
    const { requestsTo } = renderApp('/members', {
      api: { memberAll: () => ({ data: members }) },
    });

    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getAllByRole('button')).toHaveLength(3);
    expect(requestsTo('/member/all')[0]?.searchParams.get('limit')).toBe('10000');
    expect(screen.getByRole('link', { name: 'Apply now' })).toHaveAttribute(
      'href',
      '/get-in-touch?topic=apply-member',
    );
  });

  it('opens the member dialog and cycles through every member', async () => {
    renderApp('/members', { api: { memberAll: () => ({ data: members }) } });

    await userEvent.click(await screen.findByRole('button', { name: /Midnight Dreams/ }));
    expect(screen.getByRole('dialog', { name: 'Midnight Dreams' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Neon Beats' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so with a Retry when the call fails, and shows the members once it works', async () => {
    // The route's prefetch and the page both ask: the call fails until the server is back.
    let serverDown = true;
    renderApp('/members', {
      api: {
        memberAll: () => (serverDown ? { code: 500, message: 'Server error' } : { data: members }),
      },
    });

    expect(await screen.findByRole('alert', { name: 'Members' })).toHaveTextContent('Server error');
    serverDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    const list = await screen.findByRole('list', { name: 'Members' });
    expect(await within(list).findAllByRole('button')).not.toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
