import type { ReactNode } from 'react';
import styled from 'styled-components';

const Wrapper = styled.section`
  padding: ${({ theme }) => `${theme.space[7]} ${theme.space[4]}`};
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colours.primary},
    ${({ theme }) => theme.colours.accent}
  );
  color: ${({ theme }) => theme.colours.onPrimary};
  text-align: center;
`;

const Title = styled.h1`
  margin: 0;
  font-size: clamp(1.75rem, 4vw, 2.75rem);
  overflow-wrap: anywhere;
`;

const Content = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: ${({ theme }) => theme.space[3]} auto 0;
`;

export interface BannerProps {
  title: string;
  /** Anything shown under the title, e.g. a subtitle. */
  children?: ReactNode;
}

/** The title band at the top of a page; its title is the page's heading. */
export function Banner({ title, children }: BannerProps) {
  return (
    <Wrapper>
      <Title>{title}</Title>
      {children && <Content>{children}</Content>}
    </Wrapper>
  );
}
