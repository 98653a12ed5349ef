import { slowedReverb } from '@fansite/brand-config';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp.tsx';

describe('the what-is page', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the brand's image, title and description at the brand's path", async () => {
    renderApp('/what-is-nightcore');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'What is Nightcore?' }),
    ).toBeVisible();
    expect(screen.getByRole('img', { name: 'What is Nightcore?' })).toBeVisible();
    expect(screen.getByText('Nightcore', { selector: 'strong' })).toBeVisible();
  });

  it("is the 404 view at the other brand's path", async () => {
    renderApp('/what-is-nightcore', { brand: slowedReverb });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
