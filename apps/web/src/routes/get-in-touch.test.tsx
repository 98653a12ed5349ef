import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp.tsx';
import type { FakeApi } from '../test/fakeApi.ts';

const accepts: FakeApi = { contactRequest: () => ({ data: null }) };

/** The form, once the page shows it; its fields are looked up inside (the footer has a Discord link too). */
async function findForm() {
  return within(await screen.findByRole('form', { name: 'Get in touch' }));
}

async function fillIn(
  form: Awaited<ReturnType<typeof findForm>>,
  fields: Partial<Record<'Email' | 'Discord' | 'YouTube URL' | 'Message', string>>,
) {
  for (const [label, value] of Object.entries(fields)) {
    await userEvent.type(form.getByLabelText(label), value);
  }
}

const validFields = {
  Email: 'fan@example.com',
  Discord: 'fan#1234',
  'YouTube URL': 'https://www.youtube.com/@fan',
};

describe('/get-in-touch', () => {
  afterEach(() => vi.restoreAllMocks());

  it('preselects the topic of the address', async () => {
    renderApp('/get-in-touch?topic=apply-academy');

    const form = await findForm();
    expect(form.getByLabelText('Topic')).toHaveValue('apply-academy');
  });

  it('asks a song request for the remind-me box, not a message, with a hint to the network', async () => {
    renderApp('/get-in-touch?topic=request-song');

    const form = await findForm();
    expect(form.queryByLabelText('Message')).toBeNull();
    expect(form.getByRole('link', { name: 'Network' })).toHaveAttribute('href', '/network');
    expect(form.getByLabelText('Remind me when the song is uploaded')).not.toBeChecked();
  });

  it('shows the member placeholder for apply-member and the hint for advertisement', async () => {
    renderApp('/get-in-touch?topic=apply-member');
    const form = await findForm();

    expect(form.getByLabelText('Message')).toHaveAttribute(
      'placeholder',
      expect.stringContaining('Tell us about your channel'),
    );
    await userEvent.selectOptions(form.getByLabelText('Topic'), 'advertisement');
    expect(form.getByText(/Tell us what you would like to advertise/)).toBeVisible();
    expect(form.getByLabelText('Message')).toHaveAttribute('placeholder', 'Your message');
  });

  it('shows every rule broken, and sends nothing', async () => {
    const { requestsTo } = renderApp('/get-in-touch?topic=other', { api: accepts });
    const form = await findForm();

    await userEvent.click(form.getByRole('button', { name: 'Send' }));

    expect(form.getByLabelText('Email')).toHaveAccessibleDescription(
      'An email address is required.',
    );
    expect(form.getByLabelText('Discord')).toHaveAccessibleDescription(
      'Please enter your Discord name.',
    );
    expect(form.getByLabelText('YouTube URL')).toHaveAccessibleDescription(
      'Enter a full link, starting with https://.',
    );
    expect(form.getByLabelText('Message')).toHaveAccessibleDescription('Please enter a message.');
    expect(requestsTo('/contact/request')).toHaveLength(0);
  });

  it('rejects a malformed email and link', async () => {
    renderApp('/get-in-touch?topic=other', { api: accepts });
    const form = await findForm();

    await fillIn(form, {
      ...validFields,
      Email: 'not-an-email',
      'YouTube URL': 'youtube',
      Message: 'Hi',
    });
    await userEvent.click(form.getByRole('button', { name: 'Send' }));

    expect(form.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com.',
    );
    expect(form.getByLabelText('YouTube URL')).toHaveAccessibleDescription(
      'Enter a full link, starting with https://.',
    );
  });

  it('requires the remind-me box for a song request', async () => {
    const { requestsTo } = renderApp('/get-in-touch?topic=request-song', { api: accepts });
    const form = await findForm();

    await fillIn(form, validFields);
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(form.getByLabelText('Remind me when the song is uploaded')).toHaveAccessibleDescription(
      'Please tick the remind-me box to request a song.',
    );
    expect(requestsTo('/contact/request')).toHaveLength(0);

    await userEvent.click(form.getByLabelText('Remind me when the song is uploaded'));
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your request has been sent successfully!')).toBeVisible();
    expect(requestsTo('/contact/request')).toHaveLength(1);
  });

  it("shows the server's message in a red banner when sending fails", async () => {
    renderApp('/get-in-touch?topic=other', {
      api: {
        contactRequest: () => ({
          code: 429,
          message: 'Too many requests. Please try again in 1 minute.',
        }),
      },
    });
    const form = await findForm();

    await fillIn(form, { ...validFields, Message: 'Hello' });
    await userEvent.click(form.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again in 1 minute.',
    );
  });

  it('links to the community chat server', async () => {
    renderApp('/get-in-touch');

    const form = await screen.findByRole('form', { name: 'Get in touch' });
    expect(within(form).getByRole('link', { name: 'community chat server' })).toHaveAttribute(
      'href',
      'https://discord.gg/nightcore',
    );
  });
});
