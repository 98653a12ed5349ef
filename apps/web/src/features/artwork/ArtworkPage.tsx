import { errorMessage } from '@fansite/api-client';
import { useAuth } from '@fansite/auth';
import { artworkRequestSchema } from '@fansite/contract';
import { Button, LockedNotice, Spinner } from '@fansite/ui-kit';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { firstProblems, SettingsField, SettingsForm } from '../../lib/SettingsForm.tsx';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';
import { useTimedMessage } from '../../lib/useTimedMessage.ts';

/** docs/product.md, screens, artwork: banner and channel artwork are made by the team, on a ticket. */
export function ArtworkPage() {
  const { apiClient, queries, brand } = useAppContext();
  const { user } = useAuth();
  const account = useQuery(queries.account.info({}, user?.uid ?? null));
  const [message, setMessage] = useTimedMessage();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (fields: { email: string; message: string }) =>
      apiClient.request('contactRequest', { topic: 'artwork', ...fields }),
    onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const parsed = artworkRequestSchema.safeParse({
      topic: 'artwork',
      email: String(fields.get('email') ?? ''),
      message: String(fields.get('message') ?? ''),
    });
    setProblems(parsed.success ? {} : firstProblems(parsed.error.issues));
    if (!parsed.success) return;
    send.mutate(
      { email: parsed.data.email, message: parsed.data.message },
      {
        onSuccess: () => {
          form.reset();
          setMessage({ tone: 'success', text: 'Your request has been sent successfully!' });
        },
      },
    );
  };

  let body;
  if (!brand.features.artworkEnabled) body = <p>Channel artwork is not offered at the moment.</p>;
  else if (account.isPending) body = <Spinner label="Loading" />;
  else if (!account.data?.subscriber) body = <LockedNotice subscribeUrl={brand.subscriptionsUrl} />;
  else {
    body = (
      <SettingsForm onSubmit={submit} noValidate aria-label="Artwork request">
        <p>
          Your site banner and your channel artwork are made by our team. Open a ticket: tell us
          what you would like, and we answer by email. A new banner goes on your site once it is
          ready.
        </p>
        <SettingsField
          label="Email"
          name="email"
          type="email"
          defaultValue={user?.email ?? ''}
          error={problems.email}
        />
        <SettingsField
          label="Message"
          name="message"
          multiline
          placeholder="Banner or channel artwork, colours, text, ideas..."
          error={problems.message}
        />
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? <Spinner label="Sending" /> : 'Open a ticket'}
        </Button>
      </SettingsForm>
    );
  }

  return (
    <>
      <h1>Channel Artwork</h1>
      {message && <StatusMessage tone={message.tone}>{message.text}</StatusMessage>}
      {body}
    </>
  );
}
