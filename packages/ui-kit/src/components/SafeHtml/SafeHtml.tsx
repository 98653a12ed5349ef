import { useMemo } from 'react';
import styled from 'styled-components';
import { sanitizeHtml } from './sanitize.ts';

const Content = styled.div`
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colours.accent};
  }
`;

export interface SafeHtmlProps {
  /** HTML from configuration, the feed or a subscriber: never trusted, always sanitized. */
  html: string;
  className?: string;
}

/**
 * Renders HTML after `sanitizeHtml` has removed anything that could run or leak. It reads nothing
 * of the browser, so the server renders it into the page, with the markup the browser makes.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Content className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
