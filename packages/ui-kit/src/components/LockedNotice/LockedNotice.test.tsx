import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { LockedNotice } from './LockedNotice.tsx';

describe('LockedNotice', () => {
  it('says the content is locked and links to the subscriptions page', () => {
    renderWithTheme(<LockedNotice subscribeUrl="https://www.patreon.com/nightcore" />);

    expect(screen.getByRole('heading', { name: 'Content locked' })).toBeVisible();
    expect(
      screen.getByText('Become a subscriber to support us and unlock all content.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Become a subscriber' })).toHaveAttribute(
      'href',
      'https://www.patreon.com/nightcore',
    );
  });
});
