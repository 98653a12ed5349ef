import { createFakeAuthService } from '@fansite/auth/testing';
import { SOCIAL_LINK_FIELDS } from '@fansite/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { liveSiteUrl } from '../../features/website/WebsitePage.tsx';
import { renderApp } from '../../test/renderApp.tsx';
import type { FakeApi } from '../../test/fakeApi.ts';

const signedIn = () => createFakeAuthService({ 'ann@example.com': 'secret1' }, 'ann@example.com');
const locked = { code: 403, message: 'Content locked' } as const;

const site = {
  id: 1,
  enabled: 'yes',
  domain_name: 'annsite',
  name: 'annsite',
  subtitle: '',
  form_mail: '',
  about_me: '',
  social_text: '',
  banner_url: '',
  ...Object.fromEntries(SOCIAL_LINK_FIELDS.map((field) => [field, ''])),
} as never;

const account = (subscriber: boolean, discord: string | null = null): FakeApi => ({
  accountInfo: () => ({
    data: {
      discord,
      discord_id: discord ? '42' : null,
      subscriber,
      staff: false,
      discord_linking: true,
    },
  }),
});

describe('subscriber pages', () => {
  it('show the locked notice to a non-subscriber, and no subscriber entries', async () => {
    renderApp('/account/website', {
      auth: signedIn(),
      api: { ...account(false), websiteGet: () => locked },
    });
    expect(await screen.findByRole('heading', { name: 'Content locked' })).toBeVisible();
    const sidebar = within(screen.getByRole('navigation', { name: 'Account' }));
    expect(sidebar.queryByRole('link', { name: 'My Website' })).toBeNull();
  });

  it('list the subscriber entries for a subscriber', async () => {
    renderApp('/account', { auth: signedIn(), api: account(true) });
    const sidebar = within(await screen.findByRole('navigation', { name: 'Account' }));
    expect(await sidebar.findByRole('link', { name: 'My Website' })).toHaveAttribute(
      'href',
      '/account/website',
    );
    expect(sidebar.getByRole('link', { name: 'Channel Promotion' })).toHaveAttribute(
      'href',
      '/account/promotion',
    );
    expect(sidebar.getByRole('link', { name: 'Song Maker' })).toHaveAttribute(
      'href',
      '/account/make',
    );
  });

  it('activate a site from the 201 answer and switch to the edit form', async () => {
    renderApp('/account/website', {
      auth: signedIn(),
      api: {
        ...account(true),
        websiteGet: () => ({ code: 201, message: 'Not activated' }),
        websiteActivate: (query) => {
          expect(query.get('domain_name')).toBe('annsite');
          return { data: site };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Activate your website' });
    await userEvent.type(within(form).getByLabelText('Domain name'), 'annsite');
    await userEvent.click(within(form).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Your site has been activated!')).toBeVisible();
    expect(await screen.findByRole('form', { name: 'Edit your website' })).toBeVisible();
  });

  it('show a save error in the red banner after a second', async () => {
    renderApp('/account/website', {
      auth: signedIn(),
      api: {
        ...account(true),
        websiteGet: () => ({ data: site }),
        websiteSave: () => ({ code: 409, message: 'This domain name is already taken.' }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Edit your website' });
    await userEvent.type(
      within(form).getByLabelText('YouTube link', { exact: true }),
      'https://youtube.com/@ann',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const startedAt = Date.now();
    const alert = await screen.findByRole('alert', {}, { timeout: 3_000 });
    expect(alert).toHaveTextContent('This domain name is already taken.');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
  });

  it('list the scheduled promotion dates in the long US form every date of the site takes', async () => {
    renderApp('/account/promotion', {
      auth: signedIn(),
      api: {
        ...account(true),
        promotionGet: () => ({
          data: {
            youtube_channel: 'https://youtube.com/@ann',
            youtube_share: 'https://youtu.be/x',
            promotion_calendar: [{ date: '2030-01-02T00:00:00.000Z' }],
          },
        }),
      },
    });
    const dates = await screen.findByRole('list', { name: 'Your scheduled promotions' });
    expect(within(dates).getByRole('listitem')).toHaveTextContent(/^January 2, 2030$/);
  });

  it('say when no promotion is scheduled', async () => {
    renderApp('/account/promotion', {
      auth: signedIn(),
      api: {
        ...account(true),
        promotionGet: () => ({
          data: { youtube_channel: '', youtube_share: '', promotion_calendar: [] },
        }),
      },
    });
    expect(await screen.findByText('You have no promotions scheduled (yet).')).toBeVisible();
  });

  it('say what to paste when a promotion link is not a YouTube channel link', async () => {
    let saved = false;
    renderApp('/account/promotion', {
      auth: signedIn(),
      api: {
        ...account(true),
        promotionGet: () => ({
          data: { youtube_channel: '', youtube_share: '', promotion_calendar: [] },
        }),
        promotionSave: () => {
          saved = true;
          return { data: { youtube_channel: '', youtube_share: '', promotion_calendar: [] } };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Channel promotion' });
    await userEvent.type(
      within(form).getByLabelText('YouTube channel link'),
      'https://youtu.be/W_S7iKZZdHw',
    );
    await userEvent.type(
      within(form).getByLabelText('YouTube share link'),
      'https://evil.example/login-to-claim',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText(
        "Paste your channel's link, such as https://www.youtube.com/@yourname: this link is to a video.",
      ),
    ).toBeVisible();
    expect(
      within(form).getByText(
        /^Paste a link to a YouTube video, playlist or channel, .*: this link is not on YouTube\.$/,
      ),
    ).toBeVisible();
    expect(saved).toBe(false);
  });

  it('show the linked Discord name in the sidebar', async () => {
    renderApp('/account', { auth: signedIn(), api: account(false, 'Nelly') });
    const box = await screen.findByRole('region', { name: 'Discord account' });
    await waitFor(() => expect(box).toHaveTextContent('Connected as Nelly'));
    expect(within(box).getByRole('button', { name: 'Disconnect' })).toBeVisible();
  });
});

describe('liveSiteUrl', () => {
  it('puts the name before the main host, without www', () => {
    expect(liveSiteUrl('ann', { protocol: 'https:', host: 'www.nightcore.example' })).toBe(
      'https://ann.nightcore.example',
    );
    expect(liveSiteUrl('ann', { protocol: 'http:', host: 'localhost:8080' })).toBe(
      'http://ann.localhost:8080',
    );
  });
});
