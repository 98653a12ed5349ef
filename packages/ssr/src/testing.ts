import type { RenderedPage } from './page.ts';

/** The text a reader sees in some markup: tags dropped, white space collapsed. */
function visibleText(markup: string): string {
  return markup
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What is wrong with a page as the server rendered it, for the tests that render every route
 * (ARCHITECTURE.md, pages rendered on the server): a part React gave up on (it marks such a
 * Suspense boundary `<!--$!-->` and the browser renders it instead, logging error #419), no
 * `<main>`, or a `<main>` with no text beyond a spinner's. Empty when the page is whole.
 */
export function renderedPageProblems(page: RenderedPage): string[] {
  const problems: string[] = [];
  if (page.html.includes('<!--$!-->')) problems.push('a part was left to the browser (<!--$!-->)');
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(page.html);
  if (!main) problems.push('no <main>');
  else {
    const text = visibleText(main[1] ?? '');
    if (text === '' || /^(?:Loading\s*)+$/.test(text)) problems.push(`<main> shows "${text}"`);
  }
  return problems;
}
