import { brandFaqs, slowedReverb } from '@fansite/brand-config';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp.tsx';

describe('/faq', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the General and Network sections, one answer open at a time', async () => {
    renderApp('/faq');

    expect(await screen.findByRole('heading', { level: 2, name: 'General' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Network' })).toBeVisible();
    const general = screen.getByRole('button', { name: brandFaqs.nightcore.general[0]!.question });
    const network = screen.getByRole('button', { name: brandFaqs.nightcore.network[0]!.question });

    await userEvent.click(general);
    expect(screen.getByText(brandFaqs.nightcore.general[0]!.answer)).toBeVisible();
    await userEvent.click(network);
    expect(screen.getByText(brandFaqs.nightcore.network[0]!.answer)).toBeVisible();
    expect(screen.getByText(brandFaqs.nightcore.general[0]!.answer)).not.toBeVisible();
  });

  it('links the get-in-touch topic an answer mentions, by its name, not its id', async () => {
    renderApp('/faq');

    await userEvent.click(await screen.findByRole('button', { name: 'Who can join the network?' }));
    const link = screen.getByRole('link', { name: 'Apply as a network member' });
    expect(link).toHaveAttribute('href', '/get-in-touch?topic=apply-member');
    expect(screen.queryByText(/apply-member/)).toBeNull();
  });

  it('states the nightcore speed-up and tempo', async () => {
    renderApp('/faq');

    await userEvent.click(await screen.findByRole('button', { name: 'What is nightcore?' }));
    expect(screen.getByText(/20-35%/)).toHaveTextContent('140-160 bpm');
  });

  it('has the slowed-reverb text on that brand', async () => {
    renderApp('/faq', { brand: slowedReverb });

    expect(await screen.findByRole('button', { name: 'What is slowed and reverb?' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'What is nightcore?' })).toBeNull();
  });

  it('describes the questions as FAQPage structured data, and links to get in touch', async () => {
    renderApp('/faq');

    await screen.findByRole('heading', { level: 2, name: 'General' });
    const script = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}');
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity[0].name).toBe(brandFaqs.nightcore.general[0]!.question);
    expect(screen.getByRole('link', { name: 'Get in touch' })).toHaveAttribute(
      'href',
      '/get-in-touch',
    );
    await waitFor(() => expect(document.title).toBe('FAQ | Nightcore'));
  });
});
