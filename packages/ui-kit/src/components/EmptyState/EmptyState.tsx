import type { ReactNode } from 'react';
import styled from 'styled-components';

const Wrapper = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[4]}`};
  text-align: center;
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1.75rem;
`;

const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colours.mutedText};
`;

export interface EmptyStateProps {
  title: string;
  message?: string;
  /** h1 when the empty state is the whole page, h2 when it sits under the page's own heading. */
  titleLevel?: 'h1' | 'h2';
  /** Actions offered instead of the missing content, e.g. a link back. */
  children?: ReactNode;
}

/** Stands in for content that is not there: an empty list, a missing page. */
export function EmptyState({ title, message, titleLevel = 'h2', children }: EmptyStateProps) {
  return (
    <Wrapper>
      <Title as={titleLevel}>{title}</Title>
      {message && <Message>{message}</Message>}
      {children}
    </Wrapper>
  );
}
