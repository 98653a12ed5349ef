import { NotFound } from '@fansite/ui-kit';
import { useEffect } from 'react';
import styled from 'styled-components';

const Page = styled.main`
  min-height: 100vh;
  padding-top: ${({ theme }) => theme.space[8]};
  background: ${({ theme }) => theme.colours.background};
`;

/** The spec: on a subscriber's sub-domain every path but the root is not found. */
export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found';
  }, []);
  return (
    <Page>
      <NotFound homeHref="/" />
    </Page>
  );
}
