import { useAuth } from '@fansite/auth';
import { Container } from '@fansite/ui-kit';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { paths } from '../../lib/paths.ts';
import { usePlayFavorites } from '../../lib/usePlayFavorites.ts';
import { useTimedMessage } from '../../lib/useTimedMessage.ts';
import { AccountSidebar } from './AccountSidebar.tsx';

const Columns = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  grid-template-rows: auto 1fr;
  grid-template-areas:
    'nav content'
    'discord content';
  gap: 0 ${({ theme }) => theme.space[6]};
  padding: ${({ theme }) => `${theme.space[6]} 0`};

  @media ${({ theme }) => theme.media.narrow} {
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: none;
    grid-template-areas: 'nav' 'content' 'discord';
    gap: ${({ theme }) => theme.space[4]};
    padding-top: ${({ theme }) => theme.space[4]};
  }
`;

const Content = styled.div`
  grid-area: content;
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

export interface AccountLayoutProps {
  children: ReactNode;
}

/** Every account page: the sidebar of docs/product.md, screens beside the page, for signed-in users. */
export function AccountLayout({ children }: AccountLayoutProps) {
  const { user, ready } = useAuth();
  const navigate = useNavigate();
  const [message, setMessage] = useTimedMessage();
  const { playFavorites, isPending } = usePlayFavorites((text) =>
    setMessage({ tone: 'error', text }),
  );

  // Discord sends the visitor back with the outcome in the query: shown here, then taken out of
  // the address so a reload or a shared link does not show it again.
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const success = query.get('success');
    const error = query.get('error');
    if (!success && !error) return;
    setMessage(error ? { tone: 'error', text: error } : { tone: 'success', text: success! });
    void navigate({ href: window.location.pathname, replace: true });
  }, [navigate, setMessage]);

  // Signing out on another tab, or a session that ends, leaves the account pages too.
  useEffect(() => {
    if (ready && !user) void navigate({ href: paths.login });
  }, [ready, user, navigate]);

  return (
    <Container>
      <Columns>
        <AccountSidebar
          onPlayFavorites={playFavorites}
          playingFavorites={isPending}
          onMessage={setMessage}
        />
        <Content>
          {message && <StatusMessage tone={message.tone}>{message.text}</StatusMessage>}
          {children}
        </Content>
      </Columns>
    </Container>
  );
}
