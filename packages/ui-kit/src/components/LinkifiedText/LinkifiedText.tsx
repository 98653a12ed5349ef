import type { ReactNode } from 'react';
import styled from 'styled-components';

const Text = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colours.accent};
  }
`;

// Candidates only; each is checked with the URL parser before it becomes a link.
const LINK_CANDIDATE = /\b(?:https?:\/\/|mailto:)[^\s<>"']+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

function isAllowedLink(candidate: string): boolean {
  try {
    return ALLOWED_PROTOCOLS.has(new URL(candidate).protocol);
  } catch {
    return false;
  }
}

/**
 * Splits plain text into text and links. Only http, https and mailto addresses become links; the
 * rest stays text, so nothing in the text can become markup or a script.
 */
function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let position = 0;
  for (const match of text.matchAll(LINK_CANDIDATE)) {
    const address = match[0].replace(TRAILING_PUNCTUATION, '');
    if (!isAllowedLink(address)) continue;
    parts.push(text.slice(position, match.index));
    parts.push(
      <a key={match.index} href={address} target="_blank" rel="noopener noreferrer">
        {address.replace(/^mailto:/i, '')}
      </a>,
    );
    position = match.index + address.length;
  }
  parts.push(text.slice(position));
  return parts.filter((part) => part !== '');
}

export interface LinkifiedTextProps {
  /** Plain text, possibly over several lines; never HTML. */
  text: string;
}

/** Multi-line plain text in which web and mail addresses are clickable (a song description). */
export function LinkifiedText({ text }: LinkifiedTextProps) {
  return <Text>{linkify(text)}</Text>;
}
