import { useAuth } from '@fansite/auth';
import { apiKeys, errorMessage } from '@fansite/api-client';
import { Button, Spinner } from '@fansite/ui-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppContext } from '../../lib/useAppContext.ts';
import { SidebarBox } from './SidebarBox.tsx';

export interface DiscordBoxProps {
  onMessage: (message: { tone: 'success' | 'error'; text: string }) => void;
}

/** docs/product.md, states, Discord link: loading, then connected or not connected. */
export function DiscordBox({ onMessage }: DiscordBoxProps) {
  const { apiClient, queries } = useAppContext();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const account = useQuery(queries.account.info({}, user?.uid ?? null));
  const link = useMutation({
    // The server makes the one-time state; the page only goes where it says.
    mutationFn: () =>
      apiClient.request('accountDiscordAuthorize', {
        return_to: `${window.location.origin}${window.location.pathname}`,
      }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => onMessage({ tone: 'error', text: errorMessage(error) }),
  });
  const disconnect = useMutation({
    mutationFn: () => apiClient.request('accountDisconnectDiscord', {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKeys.account });
      onMessage({ tone: 'success', text: 'Your Discord account has been disconnected.' });
    },
    onError: (error) => onMessage({ tone: 'error', text: errorMessage(error) }),
  });

  let body;
  if (account.isPending) body = <Spinner label="Loading your Discord link" />;
  else if (!account.data) body = <p>Your Discord link could not be loaded.</p>;
  else if (account.data.discord_id) {
    body = (
      <>
        <p>
          Connected as <strong>{account.data.discord}</strong>
        </p>
        <Button
          type="button"
          variant="secondary"
          onClick={() => disconnect.mutate()}
          disabled={disconnect.isPending}
        >
          Disconnect
        </Button>
      </>
    );
  } else if (!account.data.discord_linking) {
    body = <p>Discord linking is not available at the moment.</p>;
  } else {
    body = (
      <>
        <p>Not connected</p>
        <Button
          type="button"
          onClick={() => link.mutate()}
          disabled={link.isPending || link.isSuccess}
        >
          Link Discord
        </Button>
      </>
    );
  }

  return (
    <SidebarBox aria-labelledby="discord-box">
      <h2 id="discord-box">Discord account</h2>
      {body}
    </SidebarBox>
  );
}
