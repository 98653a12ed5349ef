import { authErrorMessage, useAuth } from '@fansite/auth';
import { apiKeys } from '@fansite/api-client';
import { Button, formatLongUsDate } from '@fansite/ui-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';
import { LinkedAccountBox, type AccountMessage } from './LinkedAccountBox.tsx';

/**
 * The Patreon link: link or disconnect the Patreon account whose membership makes a subscriber,
 * and, until the email is verified, the request to verify it (a membership known only by email
 * waits for that) with a button that sends the verification email again.
 */
export function PatreonBox({ onMessage }: { onMessage: (message: AccountMessage) => void }) {
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

  return (
    <LinkedAccountBox
      service="Patreon"
      heading="Patreon membership"
      link={{
        isPending: patreon.isPending,
        data: patreon.data && { name: patreon.data.patreon, linking: patreon.data.linking },
      }}
      authorize={(returnTo) =>
        apiClient.request('accountPatreonAuthorize', { return_to: returnTo })
      }
      disconnect={() => apiClient.request('accountDisconnectPatreon', {})}
      onMessage={onMessage}
      linkedDetails={
        <p>
          {patreon.data?.paid_until
            ? `Membership paid until ${formatLongUsDate(patreon.data.paid_until)}.`
            : 'No paid membership of ours at the moment.'}
        </p>
      }
    >
      {verifyNotice}
    </LinkedAccountBox>
  );
}
