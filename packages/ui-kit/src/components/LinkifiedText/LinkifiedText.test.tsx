import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { LinkifiedText } from './LinkifiedText.tsx';

describe('LinkifiedText', () => {
  it('makes http, https and mailto addresses links that keep no opener or referrer', () => {
    renderWithTheme(
      <LinkifiedText
        text={
          'Original: https://example.com/song?id=1.\nArtist http://artist.test\nmailto:me@x.test'
        }
      />,
    );

    const secure = screen.getByRole('link', { name: 'https://example.com/song?id=1' });
    expect(secure).toHaveAttribute('href', 'https://example.com/song?id=1');
    expect(secure).toHaveAttribute('rel', 'noopener noreferrer');
    expect(secure).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'http://artist.test' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'me@x.test' })).toHaveAttribute(
      'href',
      'mailto:me@x.test',
    );
  });

  it('leaves other schemes and markup as plain text', () => {
    const { container } = renderWithTheme(
      <LinkifiedText text={'javascript:alert(1) <img src=x onerror=alert(1)> ftp://files.test'} />,
    );

    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)>');
  });

  it('keeps line breaks', () => {
    renderWithTheme(<LinkifiedText text={'first line\nsecond line'} />);

    expect(screen.getByText(/first line/).textContent).toBe('first line\nsecond line');
  });
});
