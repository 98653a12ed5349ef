// @vitest-environment node
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import styled, { createGlobalStyle, keyframes, ServerStyleSheet } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { pageStyleSheet } from './style-rules.ts';

const spin = keyframes`from { transform: rotate(0deg); } to { transform: rotate(360deg); }`;
const Global = createGlobalStyle`body { margin: 0; }`;
const Card = styled.div<{ $wide: boolean }>`
  padding: 8px;
  width: ${({ $wide }) => ($wide ? '100%' : '50%')};
  &:hover {
    color: red;
  }
  @media (max-width: 600px) {
    padding: 4px;
  }
`;
const Spinner = styled.span`
  animation: ${spin} 1s linear infinite;
`;
const WideCard = styled(Card)`
  border: 1px solid;
`;

/** A page's markup and style tag, rendered with the given sheet. */
function rendered(sheet: ServerStyleSheet, page: ReactElement) {
  try {
    const html = renderToString(sheet.collectStyles(page));
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

const pageWithEverything = (
  <>
    <Global />
    <Card $wide>one</Card>
    <Card $wide={false}>two</Card>
    <WideCard $wide>three</WideCard>
    <Spinner />
  </>
);

describe('the style sheet of a page rendered on the server', () => {
  it('carries what a new sheet carries, on the first page as on the pages after it', () => {
    const expected = rendered(new ServerStyleSheet(), pageWithEverything);
    expect(expected.styles).toContain('@keyframes');

    for (let page = 0; page < 3; page += 1) {
      expect(rendered(pageStyleSheet(), pageWithEverything)).toEqual(expected);
    }
  });

  it("carries only the rules of the page's own components, not those of earlier pages", () => {
    rendered(pageStyleSheet(), pageWithEverything);

    const narrowOnly = rendered(pageStyleSheet(), <Card $wide={false}>alone</Card>);

    expect(narrowOnly).toEqual(rendered(new ServerStyleSheet(), <Card $wide={false}>alone</Card>));
    expect(narrowOnly.styles).toContain('width:50%');
    expect(narrowOnly.styles).not.toContain('width:100%');
    expect(narrowOnly.styles).not.toContain('keyframes');
    expect(narrowOnly.styles).not.toContain('border:1px solid');
    expect(narrowOnly.styles).not.toContain('body{margin:0;}');
  });

  it('writes no style tag for a page without styled components', () => {
    rendered(pageStyleSheet(), pageWithEverything);

    expect(rendered(pageStyleSheet(), <p>plain</p>)).toEqual({ html: '<p>plain</p>', styles: '' });
  });
});
