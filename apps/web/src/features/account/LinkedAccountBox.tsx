import { apiKeys, errorMessage } from '@fansite/api-client';
import { Button, Spinner } from '@fansite/ui-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SidebarBox } from './SidebarBox.tsx';

export interface AccountMessage {
  tone: 'success' | 'error';
  text: string;
}

export interface LinkedAccountBoxProps {
  /** The other service's name, as the box's texts say it. */
  service: 'Discord' | 'Patreon';
  heading: string;
  /** What the account's read says: the linked name (or null), and whether linking is set up. */
  link: { isPending: boolean; data: { name: string | null; linking: boolean } | undefined };
  /** Starts a link: the server answers the service's authorization address. */
  authorize: (returnTo: string) => Promise<{ url: string }>;
  disconnect: () => Promise<unknown>;
  onMessage: (message: AccountMessage) => void;
  /** Said under the linked name (a membership's paid period). */
  linkedDetails?: ReactNode;
  /** Shown under the box's state whatever it is. */
  children?: ReactNode;
}

/**
 * docs/product.md, states, linked accounts (Discord, Patreon): loading, then connected with
 * Disconnect, or not connected with the button that starts a link, or not available.
 */
export function LinkedAccountBox({
  service,
  heading,
  link,
  authorize,
  disconnect,
  onMessage,
  linkedDetails,
  children,
}: LinkedAccountBoxProps) {
  const queryClient = useQueryClient();
  const start = useMutation({
    // The server makes the one-time state; the page only goes where it says.
    mutationFn: () => authorize(`${window.location.origin}${window.location.pathname}`),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => onMessage({ tone: 'error', text: errorMessage(error) }),
  });
  const unlink = useMutation({
    mutationFn: disconnect,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKeys.account });
      onMessage({ tone: 'success', text: `Your ${service} account has been disconnected.` });
    },
    onError: (error) => onMessage({ tone: 'error', text: errorMessage(error) }),
  });

  let body;
  if (link.isPending) body = <Spinner label={`Loading your ${service} link`} />;
  else if (!link.data) body = <p>Your {service} link could not be loaded.</p>;
  else if (link.data.name) {
    body = (
      <>
        <p>
          Connected as <strong>{link.data.name}</strong>
        </p>
        {linkedDetails}
        <Button
          type="button"
          variant="secondary"
          onClick={() => unlink.mutate()}
          disabled={unlink.isPending}
        >
          Disconnect
        </Button>
      </>
    );
  } else if (!link.data.linking) {
    body = <p>{service} linking is not available at the moment.</p>;
  } else {
    body = (
      <>
        <p>Not connected</p>
        <Button
          type="button"
          onClick={() => start.mutate()}
          disabled={start.isPending || start.isSuccess}
        >
          Link {service}
        </Button>
      </>
    );
  }

  const headingId = `${service.toLowerCase()}-box`;
  return (
    <SidebarBox aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {body}
      {children}
    </SidebarBox>
  );
}
