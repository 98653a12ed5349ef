import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp.tsx';
import type { FakeApi } from '../test/fakeApi.ts';

const members = ['Neon Beats', 'Crystal Waves'].map((name, index) => ({
  channel_id: `UC${index}`,
  channel_name: name,
  channel_pic: `https://example.com/${index}.jpg`,
}));

const api: FakeApi = {
  memberStats: () => ({ data: { members: 2, subs: 12_500, views: 3_400_000 } }),
  memberAll: () => ({ data: members }),
  memberTestimonial: () => ({
    data: [{ ...members[0]!, sub_tag: '12K subscribers', testimonial: 'Great people.' }],
  }),
  subscriberSites: () => ({
    data: [{ domain_name: 'alice', name: 'Alice Sings', profile_pic: 'https://example.com/a.jpg' }],
  }),
};

describe('/network', () => {
  // The carousels ask whether motion is reduced; jsdom has no matchMedia.
  beforeEach(() => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: true, addEventListener() {}, removeEventListener() {} })),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the live stats', async () => {
    renderApp('/network', { api });

    const figures = await screen.findByLabelText('Network stats');
    expect(figures).toHaveTextContent('Members2');
    expect(figures).toHaveTextContent('Subscribers12,500');
    expect(figures).toHaveTextContent('Views3,400,000');
  });

  it('opens the member dialog from the carousel and cycles through the members', async () => {
    renderApp('/network', { api });

    const carousel = await screen.findByRole('list', { name: 'Network members' });
    await userEvent.click(within(carousel).getByRole('button', { name: /Crystal Waves/ }));
    expect(screen.getByRole('dialog', { name: 'Crystal Waves' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Neon Beats' })).toBeVisible();
  });

  it('links supporters to their sub-domain, testimonials to their channel, and to applying', async () => {
    renderApp('/network', { api });

    const supporters = await screen.findByRole('list', { name: 'Supporters' });
    // The name is read once: the picture beside it adds nothing.
    expect(within(supporters).getByRole('link', { name: 'Alice Sings' })).toHaveAttribute(
      'href',
      'http://alice.localhost:3000',
    );
    expect(screen.getByRole('link', { name: /Great people/ })).toHaveAttribute(
      'href',
      'https://www.youtube.com/channel/UC0',
    );
    expect(screen.getAllByRole('link', { name: 'Apply now' })[0]).toHaveAttribute(
      'href',
      '/get-in-touch?topic=apply-member',
    );
    expect(screen.getByRole('link', { name: 'Apply to the Academy' })).toHaveAttribute(
      'href',
      '/get-in-touch?topic=apply-academy',
    );
    expect(screen.getByRole('link', { name: 'See all members' })).toHaveAttribute(
      'href',
      '/members',
    );
  });

  it('says where a list failed, with a Retry, and keeps the rest of the page', async () => {
    // The route's prefetch and the page both ask: the call fails until the server is back.
    let serverDown = true;
    renderApp('/network', {
      api: {
        ...api,
        subscriberSites: (query) =>
          serverDown ? { code: 500, message: 'Server error' } : api.subscriberSites!(query),
      },
    });

    expect(await screen.findByRole('alert', { name: 'Supporters' })).toHaveTextContent(
      'Server error',
    );
    serverDown = false;
    expect(screen.getByRole('heading', { name: 'What our members say' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('link', { name: /Alice Sings/ })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
