import { useAuth } from '@fansite/auth';
import { useQuery } from '@tanstack/react-query';
import { useAppContext } from '../../lib/useAppContext.ts';
import { LinkedAccountBox, type AccountMessage } from './LinkedAccountBox.tsx';

/** docs/product.md, states, Discord link: loading, then connected or not connected. */
export function DiscordBox({ onMessage }: { onMessage: (message: AccountMessage) => void }) {
  const { apiClient, queries } = useAppContext();
  const { user } = useAuth();
  const account = useQuery(queries.account.info({}, user?.uid ?? null));
  return (
    <LinkedAccountBox
      service="Discord"
      heading="Discord account"
      link={{
        isPending: account.isPending,
        data: account.data && {
          name: account.data.discord_id ? account.data.discord : null,
          linking: account.data.discord_linking,
        },
      }}
      authorize={(returnTo) =>
        apiClient.request('accountDiscordAuthorize', { return_to: returnTo })
      }
      disconnect={() => apiClient.request('accountDisconnectDiscord', {})}
      onMessage={onMessage}
    />
  );
}
