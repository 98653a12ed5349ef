import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { SafeHtml } from './SafeHtml.tsx';

describe('SafeHtml', () => {
  it('shows the formatting of the HTML', () => {
    renderWithTheme(<SafeHtml html="<p><strong>Nightcore</strong> is a remix style.</p>" />);

    expect(screen.getByText('Nightcore').tagName).toBe('STRONG');
  });

  it('drops scripts and event handlers', () => {
    const { container } = renderWithTheme(
      <SafeHtml html={'<p>Hi</p><script>alert(1)</script><img src="/x.png" onerror="alert(2)">'} />,
    );

    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
    expect(screen.getByText('Hi')).toBeVisible();
  });

  it('keeps only http, https, mailto and site links', () => {
    renderWithTheme(
      <SafeHtml
        html={
          '<a href="javascript:alert(1)">bad</a><a href="/faq">faq</a><a href="mailto:a@b.c">mail</a>'
        }
      />,
    );

    expect(screen.getByText('bad')).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'faq' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@b.c');
  });

  it('opens links leaving the site in a new tab without opener or referrer', () => {
    renderWithTheme(<SafeHtml html={'<a href="https://example.com">out</a>'} />);

    const link = screen.getByRole('link', { name: 'out' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
