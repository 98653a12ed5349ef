import { errorMessage } from '@fansite/api-client';
import {
  CONTACT_TOPICS,
  contactFormSchema,
  topicNeedsMessage,
  type ContactForm as ContactFormValues,
  type ContactTopic,
} from '@fansite/contract';
import {
  Button,
  fieldControl,
  FieldError,
  FormField,
  Link,
  Spinner,
  TextField,
  useControlWaitsForScript,
} from '@fansite/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';
import { topicLabels } from '../../lib/contactTopics.ts';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 640px;
  margin: 0 auto;
`;

const TopicField = styled(FormField)`
  select {
    ${fieldControl}
    background: ${({ theme }) => theme.colours.surface};
  }
`;

const CheckboxField = styled(FormField)`
  grid-template-columns: auto 1fr;
  align-items: center;
  column-gap: ${({ theme }) => theme.space[2]};

  [aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colours.status.dangerBorder};
  }

  > p {
    grid-column: 1 / -1;
  }
`;

const Hint = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border-left: 4px solid ${({ theme }) => theme.colours.accent};
  background: ${({ theme }) => theme.colours.surface};

  a {
    color: ${({ theme }) => theme.colours.accent};
  }
`;

type FieldName = 'email' | 'discord' | 'youtube_url' | 'message' | 'remember';
type FieldErrors = Partial<Record<FieldName | 'topic', string>>;

const SUCCESS_MESSAGE = 'Your request has been sent successfully!';

const messagePlaceholders: Partial<Record<ContactTopic, string>> = {
  'apply-member':
    'Tell us about your channel: what you upload, how often, and why you want to join.',
};
const DEFAULT_MESSAGE_PLACEHOLDER = 'Your message';

/** The first problem of each field, from the contract's rules (the server applies the same). */
function fieldErrors(values: unknown): { data?: ContactFormValues; errors: FieldErrors } {
  const result = contactFormSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof FieldErrors;
    errors[field] ??= issue.message;
  }
  return { errors };
}

export interface ContactFormProps {
  initialTopic: ContactTopic;
}

/** docs/product.md (screens, validation), the get-in-touch form. */
export function ContactForm({ initialTopic }: ContactFormProps) {
  const { apiClient, brand } = useAppContext();
  const [topic, setTopic] = useState<ContactTopic>(initialTopic);
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useMutation({
    mutationFn: (form: ContactFormValues) => apiClient.request('contactRequest', form),
  });
  const submitWaits = useControlWaitsForScript(send.isPending);
  const showsMessage = topicNeedsMessage(topic);
  const isSongRequest = topic === 'request-song';

  // The topic may have been chosen before the app took the page over: the hints and fields
  // follow the list as it is, not as the server rendered it.
  const topicList = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const chosen = topicList.current?.value as ContactTopic | undefined;
    if (chosen) setTopic(chosen);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const text = (name: FieldName | 'topic') => String(fields.get(name) ?? '');
    const { data, errors: problems } = fieldErrors({
      topic: text('topic'),
      email: text('email'),
      discord: text('discord'),
      youtube_url: text('youtube_url'),
      message: showsMessage ? text('message') : undefined,
      remember: isSongRequest ? (fields.get('remember') ? 'Yes' : 'No') : undefined,
    });
    setErrors(problems);
    if (!data) return;
    send.mutate(data, { onSuccess: () => form.reset() });
  };

  const describedBy = (field: FieldName) => (errors[field] ? `${field}-error` : undefined);
  const errorFor = (field: FieldName) =>
    errors[field] && <FieldError id={`${field}-error`}>{errors[field]}</FieldError>;
  const invalid = (field: FieldName) => (errors[field] ? true : undefined);

  return (
    <Form onSubmit={submit} noValidate aria-label="Get in touch">
      <TopicField>
        <label htmlFor="contact-topic">Topic</label>
        <select
          id="contact-topic"
          name="topic"
          ref={topicList}
          defaultValue={initialTopic}
          onChange={(event) => {
            setTopic(event.target.value as ContactTopic);
            setErrors({});
          }}
        >
          {CONTACT_TOPICS.map((value) => (
            <option key={value} value={value}>
              {topicLabels[value]}
            </option>
          ))}
        </select>
      </TopicField>

      {isSongRequest && (
        <Hint>
          Songs by the channels of our <Link href={paths.network}>Network</Link> come first: ask
          your favourite creator to join.
        </Hint>
      )}
      {topic === 'advertisement' && (
        <Hint>
          Tell us what you would like to advertise, for how long and on which pages. We answer every
          serious advertising request.
        </Hint>
      )}

      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        error={errors.email}
      />
      <TextField label="Discord" name="discord" error={errors.discord} />
      <TextField
        label="YouTube URL"
        name="youtube_url"
        type="url"
        placeholder="https://www.youtube.com/..."
        error={errors.youtube_url}
      />
      {showsMessage && (
        <TextField
          label="Message"
          name="message"
          multiline
          rows={6}
          placeholder={messagePlaceholders[topic] ?? DEFAULT_MESSAGE_PLACEHOLDER}
          error={errors.message}
        />
      )}
      {isSongRequest && (
        <CheckboxField>
          <input
            id="contact-remember"
            name="remember"
            type="checkbox"
            aria-invalid={invalid('remember')}
            aria-describedby={describedBy('remember')}
          />
          <label htmlFor="contact-remember">Remind me when the song is uploaded</label>
          {errorFor('remember')}
        </CheckboxField>
      )}

      <p>
        You can also reach us in our{' '}
        <Link href={brand.social.discord} target="_blank">
          community chat server
        </Link>
        .
      </p>

      {send.isSuccess && <StatusMessage tone="success">{SUCCESS_MESSAGE}</StatusMessage>}
      {send.isError && <StatusMessage tone="error">{errorMessage(send.error)}</StatusMessage>}
      <div>
        <Button type="submit" {...submitWaits}>
          Send
        </Button>
        {send.isPending && <Spinner label="Sending" />}
      </div>
    </Form>
  );
}
