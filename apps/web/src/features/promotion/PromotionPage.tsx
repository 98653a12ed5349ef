import { useAuth } from '@fansite/auth';
import { errorMessage } from '@fansite/api-client';
import { promotionSaveBodySchema, YOUTUBE_CHANNEL_LINK_EXAMPLE } from '@fansite/contract';
import { Button, LockedNotice, Spinner, formatLongUsDate } from '@fansite/ui-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  firstProblems,
  isSubscribersOnly,
  SettingsField,
  SettingsForm,
} from '../../lib/SettingsForm.tsx';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';
import { useTimedMessage } from '../../lib/useTimedMessage.ts';

const Dates = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colours.surface};
  }
`;

/** docs/product.md, screens, channel promotion: the channel to promote and the days it is featured. */
export function PromotionPage() {
  const { apiClient, queries, brand } = useAppContext();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const promotion = useQuery({ ...queries.promotion.get({}, user?.uid ?? null), retry: false });
  const [message, setMessage] = useTimedMessage();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (fields: { youtube_channel: string; youtube_share: string }) =>
      apiClient.request('promotionSave', fields),
    onSuccess: (saved) => {
      queryClient.setQueryData(queries.promotion.get({}, user?.uid ?? null).queryKey, saved);
      setMessage({ tone: 'success', text: 'Your channel promotion has been saved!' });
    },
    onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = promotionSaveBodySchema.safeParse({
      youtube_channel: String(form.get('youtube_channel') ?? ''),
      youtube_share: String(form.get('youtube_share') ?? ''),
    });
    setProblems(parsed.success ? {} : firstProblems(parsed.error.issues));
    if (parsed.success) {
      save.mutate({
        youtube_channel: parsed.data.youtube_channel,
        youtube_share: parsed.data.youtube_share,
      });
    }
  };

  let body;
  if (promotion.isPending) body = <Spinner label="Loading your promotion" />;
  else if (promotion.isError) {
    body = isSubscribersOnly(promotion.error) ? (
      <LockedNotice subscribeUrl={brand.subscriptionsUrl} />
    ) : (
      <StatusMessage tone="error">{errorMessage(promotion.error)}</StatusMessage>
    );
  } else {
    const dates = promotion.data.promotion_calendar;
    body = (
      <>
        <SettingsForm onSubmit={submit} noValidate aria-label="Channel promotion">
          <p>
            Your channel takes its turn as the channel of the day on our home and network pages and
            in our community chat.
          </p>
          <SettingsField
            label="YouTube channel link"
            name="youtube_channel"
            type="url"
            placeholder={YOUTUBE_CHANNEL_LINK_EXAMPLE}
            defaultValue={promotion.data.youtube_channel}
            error={problems.youtube_channel}
          />
          <SettingsField
            label="YouTube share link"
            name="youtube_share"
            type="url"
            placeholder="https://youtu.be/..."
            defaultValue={promotion.data.youtube_share}
            error={problems.youtube_share}
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner label="Saving" /> : 'Save'}
          </Button>
        </SettingsForm>
        <section aria-labelledby="promotion-dates">
          <h2 id="promotion-dates">Your scheduled promotions</h2>
          {dates.length === 0 ? (
            <p>You have no promotions scheduled (yet).</p>
          ) : (
            <Dates aria-labelledby="promotion-dates">
              {dates.map((entry) => (
                <li key={entry.date}>
                  <time dateTime={entry.date.slice(0, 10)}>{formatLongUsDate(entry.date)}</time>
                </li>
              ))}
            </Dates>
          )}
        </section>
      </>
    );
  }

  return (
    <>
      <h1>Channel Promotion</h1>
      {message && <StatusMessage tone={message.tone}>{message.text}</StatusMessage>}
      {body}
    </>
  );
}
