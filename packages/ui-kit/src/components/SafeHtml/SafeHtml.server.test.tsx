// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { nightcore } from '@fansite/brand-config';
import { createTheme } from '../../theme/theme.ts';
import { SafeHtml } from './SafeHtml.tsx';

const render = (html: string) =>
  renderToString(
    <ThemeProvider theme={createTheme(nightcore.theme)}>
      <SafeHtml html={html} />
    </ThemeProvider>,
  );

describe('SafeHtml on the server', () => {
  it('renders the sanitized HTML where there is no DOM', () => {
    expect(typeof window).toBe('undefined');
    const markup = render(
      '<p><strong>Nightcore</strong> is <a href="https://example.com/x?a=1&b=2">sped up</a>.</p>' +
        '<script>alert(1)</script><img src="/x.png" onerror="alert(2)"><a href="javascript:alert(3)">bad</a>',
    );
    expect(markup).toContain(
      '<p><strong>Nightcore</strong> is <a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">sped up</a>.</p>',
    );
    expect(markup).toContain('<img src="/x.png">');
    expect(markup).toContain('<a>bad</a>');
    expect(markup).not.toMatch(/script|onerror|javascript:/);
  });

  it('drops what hides code inside text: raw text elements, foreign content, comments', () => {
    const markup = render(
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>' +
        '<svg><script>alert(1)</script></svg><!-- <img src=x onerror=alert(1)> -->' +
        '<a href="java\tscript:alert(1)">tab</a><a href="//evil.example">away</a><p>kept</p>',
    );
    expect(markup).not.toMatch(/onerror|<img|<svg|<noscript|javascript|evil\.example/);
    expect(markup).toContain('<a>tab</a><a>away</a><p>kept</p>');
  });
});
