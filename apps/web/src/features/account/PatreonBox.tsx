import { authErrorMessage, useAuth } from '@fansite/auth';
import { apiKeys, errorMessage } from '@fansite/api-client';
import { Button, Spinner } from '@fansite/ui-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';
import { SidebarBox } from './SidebarBox.tsx';

export interface PatreonBoxProps {
  onMessage: (message: { tone: 'success' | 'error'; text: string }) => void;
}

const paidUntilText = (paidUntil: string) =>
  new Date(paidUntil).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The Patreon link: link or disconnect the Patreon account whose membership makes a subscriber,
 * and, until the email is verified, the request to verify it (a membership known only by email
 * waits for that) with a button that sends the verification email again.
 */
export function PatreonBox({ onMessage }: PatreonBoxProps) {
  const { apiClient, queries } = useAppContext();
  const queryClient = useQueryClient();
  const { user, service } = useAuth();
  const patreon = useQuery(queries.account.patreon({}, user?.uid ?? null));
  // Verified while the page is open (the link opened here renews the token): the server's
  // answers (subscriber, email verified) change too, so they are read again, once.
  const emailVerified = user?.emailVerified === true;
  const wasVerified = useRef(emailVerified);
  useEffect(() => {
    if (emailVerified && !wasVerified.current) {
      void queryClient.invalidateQueries({ queryKey: apiKeys.account });
    }
    wasVerified.current = emailVerified;
  }, [emailVerified, queryClient]);
  const link = useMutation({
    // The server makes the one-time state; the page only goes where it says.
    mutationFn: () =>
      apiClient.request('accountPatreonAuthorize', {
        return_to: `${window.location.origin}${window.location.pathname}`,
      }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => onMessage({ tone: 'error', text: errorMessage(error) }),
  });
  const disconnect = useMutation({
    mutationFn: () => apiClient.request('accountDisconnectPatreon', {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKeys.account });
      onMessage({ tone: 'success', text: 'Your Patreon account has been disconnected.' });
    },
    onError: (error) => onMessage({ tone: 'error', text: errorMessage(error) }),
  });
  const resend = useMutation({
    mutationFn: () => service.sendEmailVerification(`${window.location.origin}${paths.account}`),
    onSuccess: () =>
      onMessage({
        tone: 'success',
        text: `A verification email is on its way to ${user?.email ?? 'your address'}.`,
      }),
    onError: (error) => onMessage({ tone: 'error', text: authErrorMessage(error) }),
  });

  const verifyNotice = user && !user.emailVerified && (
    <>
      <p>Verify your email to receive your Patreon membership.</p>
      <Button
        type="button"
        variant="secondary"
        onClick={() => resend.mutate()}
        disabled={resend.isPending}
      >
        Resend verification email
      </Button>
    </>
  );

  let body;
  if (patreon.isPending) body = <Spinner label="Loading your Patreon link" />;
  else if (!patreon.data) body = <p>Your Patreon link could not be loaded.</p>;
  else if (patreon.data.patreon) {
    body = (
      <>
        <p>
          Connected as <strong>{patreon.data.patreon}</strong>
        </p>
        <p>
          {patreon.data.paid_until
            ? `Membership paid until ${paidUntilText(patreon.data.paid_until)}.`
            : 'No paid membership of ours at the moment.'}
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
  } else if (!patreon.data.linking) {
    body = <p>Patreon linking is not available at the moment.</p>;
  } else {
    body = (
      <>
        <p>Not connected</p>
        <Button
          type="button"
          onClick={() => link.mutate()}
          disabled={link.isPending || link.isSuccess}
        >
          Link Patreon
        </Button>
      </>
    );
  }

  return (
    <SidebarBox aria-labelledby="patreon-box">
      <h2 id="patreon-box">Patreon membership</h2>
      {body}
      {verifyNotice}
    </SidebarBox>
  );
}
