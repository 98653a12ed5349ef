import { createFakeAuthService } from '@fansite/auth/testing';
import { slowedReverb } from '@fansite/brand-config';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const signedIn = () => createFakeAuthService({ 'ann@example.com': 'secret1' }, 'ann@example.com');

const SUBSCRIBERS_ONLY =
  'Content locked: become a subscriber to support us and unlock all content.';
const LINK = '/api/v1/make/download?key=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

const subscriberApi = (extra: FakeApi = {}): FakeApi => ({
  makeHistory: () => ({
    data: [
      {
        id: 2,
        file_name: 'Angel (Nightcore).mp3',
        file_size: 3_456_789,
        created: '2026-11-20T10:00:00Z',
        expired: false,
        download_link: LINK,
      },
      {
        id: 1,
        file_name: 'Older (Nightcore).mp3',
        file_size: 2048,
        created: '2026-11-01T10:00:00Z',
        expired: true,
        download_link: null,
      },
    ],
  }),
  ...extra,
});

const song = () => new File([new Uint8Array([0xff, 0xfb, 0x90, 0x64])], 'angel.mp3');

describe('/account/make', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends a signed-out visitor to log in', async () => {
    const { router } = renderApp('/account/make');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('names the page while the maker loads', async () => {
    renderApp('/account/make', {
      auth: signedIn(),
      api: { makeHistory: () => new Promise(() => {}) },
    });
    expect(await screen.findByText('Loading the song maker')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Song Maker' })).toBeVisible();
  });

  it('shows the locked notice to someone who is not a subscriber', async () => {
    renderApp('/account/make', {
      auth: signedIn(),
      api: { makeHistory: () => ({ code: 403, message: SUBSCRIBERS_ONLY }) },
    });
    expect(await screen.findByText('Content locked')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Become a subscriber' })).toHaveAttribute(
      'href',
      'https://www.patreon.com/nightcore',
    );
    expect(screen.queryByLabelText('Song file')).toBeNull();
  });

  it('starts at the brand’s speed, shows the rate, and lists the history', async () => {
    renderApp('/account/make', { auth: signedIn(), api: subscriberApi() });
    const slider = await screen.findByRole('slider');
    expect(slider).toHaveValue('25');
    expect(screen.getByText('Speed: +25% (1.25× faster)')).toBeVisible();
    fireEvent.change(slider, { target: { value: '-25' } });
    expect(screen.getByText('Speed: -25% (1.25× slower)')).toBeVisible();
    expect(
      screen.getByText(/Accepted types: mp3, wav, pcm, aiff, aac, flac, alac\. Maximum 10MB/),
    ).toBeVisible();
    const history = within(screen.getByRole('list', { name: 'Conversion history' }));
    const items = history.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Angel (Nightcore).mp3');
    expect(items[0]).toHaveTextContent('3.3 MB');
    // A song still kept downloads from its row; an expired one says so and has no link.
    expect(within(items[0]!).getByRole('link', { name: 'Angel (Nightcore).mp3' })).toHaveAttribute(
      'href',
      LINK,
    );
    expect(items[0]).not.toHaveTextContent('expired');
    expect(items[1]).toHaveTextContent('expired');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
  });

  it('starts slowed on the slowed-reverb brand, with reverb', async () => {
    renderApp('/account/make', {
      auth: signedIn(),
      brand: slowedReverb,
      api: subscriberApi(),
    });
    expect(await screen.findByText('Speed: -20% (1.2× slower)')).toBeVisible();
    expect(screen.getByText(/with reverb/)).toBeVisible();
  });

  it('says when there is no history, also when the list fails to load', async () => {
    renderApp('/account/make', {
      auth: signedIn(),
      api: { makeHistory: () => ({ code: 500, message: 'Database unavailable' }) },
    });
    expect(await screen.findByText('No history found.')).toBeVisible();
  });

  it('converts the chosen file and offers the download', async () => {
    const { requestsTo } = renderApp('/account/make', {
      auth: signedIn(),
      api: subscriberApi({ makeConvert: () => ({ data: LINK }) }),
    });
    await userEvent.upload(await screen.findByLabelText('Song file'), song());
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('Your song has been converted!')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download your converted song' })).toHaveAttribute(
      'href',
      LINK,
    );
    expect(requestsTo('/make/convert')).toHaveLength(1);
    // The history is asked again, so the new conversion shows.
    await waitFor(() => expect(requestsTo('/make/history')).toHaveLength(2));
  });

  it('shows the server’s message when a conversion is refused', async () => {
    renderApp('/account/make', {
      auth: signedIn(),
      api: subscriberApi({
        makeConvert: () => ({ code: 415, message: 'This file is named .mp3 but it is WAV.' }),
      }),
    });
    await userEvent.upload(await screen.findByLabelText('Song file'), song());
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is named .mp3 but it is WAV.',
    );
  });

  it('asks for a file, and refuses one over 10MB before uploading it', async () => {
    const { requestsTo } = renderApp('/account/make', { auth: signedIn(), api: subscriberApi() });
    await userEvent.click(await screen.findByRole('button', { name: 'Convert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a song file to convert.');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.wav');
    await userEvent.upload(screen.getByLabelText('Song file'), big);
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 10MB.');
    expect(requestsTo('/make/convert')).toHaveLength(0);
  });
});
