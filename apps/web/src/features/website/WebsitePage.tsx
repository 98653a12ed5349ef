import { errorMessage } from '@fansite/api-client';
import { useAuth } from '@fansite/auth';
import {
  SOCIAL_LINK_FIELDS,
  domainNameSchema,
  websiteSaveBodySchema,
  type SocialLinkField,
  YOUTUBE_CHANNEL_LINK_EXAMPLE,
} from '@fansite/contract';
import { Anchor, Button, LockedNotice, Spinner } from '@fansite/ui-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  firstProblems,
  isSubscribersOnly,
  SettingsField,
  SettingsForm,
} from '../../lib/SettingsForm.tsx';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';
import { useTimedMessage } from '../../lib/useTimedMessage.ts';

/** Website save errors show after a second (docs/product.md, messages), so a quick retry does not flash. */
const SAVE_ERROR_DELAY_MS = 1_000;

const socialLabels: Record<SocialLinkField, string> = {
  youtube: 'YouTube',
  twitter: 'X',
  patreon: 'Patreon',
  facebook: 'Facebook',
  instagram: 'Instagram',
  discord: 'Discord',
  tiktok: 'TikTok',
  soundcloud: 'SoundCloud',
  rumble: 'Rumble',
  spotify: 'Spotify',
};

/** The live site's address: the name as a sub-domain of the host this page is on. */
export function liveSiteUrl(name: string, location: { protocol: string; host: string }) {
  const host = location.host.replace(/^(www|dev)\./, '');
  return `${location.protocol}//${name}.${host}`;
}

type Site = {
  domain_name: string;
  name: string;
  subtitle: string;
  form_mail: string;
  about_me: string;
  social_text: string;
} & Record<SocialLinkField, string>;

/** The read of the signed-in subscriber's website, keyed by who they are. */
function useWebsiteRead() {
  const { queries } = useAppContext();
  const { user } = useAuth();
  return queries.website.get({}, user?.uid ?? null);
}

/** docs/product.md, states, website settings: locked, activation, then the edit form. */
export function WebsitePage() {
  const { brand } = useAppContext();
  const website = useQuery({ ...useWebsiteRead(), retry: false });
  const [message, setMessage] = useTimedMessage();

  let body;
  if (website.isPending) body = <Spinner label="Loading your website" />;
  else if (website.isError) {
    body = isSubscribersOnly(website.error) ? (
      <LockedNotice subscribeUrl={brand.subscriptionsUrl} />
    ) : (
      <StatusMessage tone="error">{errorMessage(website.error)}</StatusMessage>
    );
  } else if (!website.data.activated || !website.data.site) {
    body = <ActivationForm onMessage={setMessage} />;
  } else {
    body = <EditForm site={website.data.site} onMessage={setMessage} />;
  }

  return (
    <>
      <h1>My Website</h1>
      {message && <StatusMessage tone={message.tone}>{message.text}</StatusMessage>}
      {body}
    </>
  );
}

interface FormProps {
  onMessage: (message: { tone: 'success' | 'error'; text: string }) => void;
}

function ActivationForm({ onMessage }: FormProps) {
  const { apiClient } = useAppContext();
  const websiteRead = useWebsiteRead();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string>();
  const activate = useMutation({
    mutationFn: (domainName: string) =>
      apiClient.request('websiteActivate', { domain_name: domainName }),
    onSuccess: (site) => {
      queryClient.setQueryData(websiteRead.queryKey, { activated: true, site });
      onMessage({ tone: 'success', text: 'Your site has been activated!' });
    },
    onError: (error) => onMessage({ tone: 'error', text: errorMessage(error) }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = domainNameSchema.safeParse(new FormData(event.currentTarget).get('domain_name'));
    setProblem(parsed.success ? undefined : parsed.error.issues[0]!.message);
    if (parsed.success) activate.mutate(parsed.data);
  };

  return (
    <SettingsForm onSubmit={submit} noValidate aria-label="Activate your website">
      <p>
        Choose the name of your site: it becomes your own address, with letters, digits and hyphens.
      </p>
      <SettingsField
        label="Domain name"
        name="domain_name"
        error={problem}
        autoComplete="off"
        required
      />
      <Button type="submit" disabled={activate.isPending}>
        {activate.isPending ? <Spinner label="Activating" /> : 'Activate'}
      </Button>
    </SettingsForm>
  );
}

function EditForm({ site, onMessage }: FormProps & { site: Site }) {
  const { apiClient } = useAppContext();
  const websiteRead = useWebsiteRead();
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const errorTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(errorTimer.current), []);

  const save = useMutation({
    mutationFn: (fields: Record<string, string>) =>
      apiClient.request('websiteSave', fields as never),
    onSuccess: (saved) => {
      queryClient.setQueryData(websiteRead.queryKey, { activated: true, site: saved });
      onMessage({ tone: 'success', text: 'Your website has been updated!' });
    },
    onError: (error) => {
      clearTimeout(errorTimer.current);
      errorTimer.current = setTimeout(
        () => onMessage({ tone: 'error', text: errorMessage(error) }),
        SAVE_ERROR_DELAY_MS,
      );
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Empty values are not sent (docs/product.md, validation): the server stores them empty.
    const fields = Object.fromEntries(
      [...new FormData(event.currentTarget)]
        .map(([name, value]) => [name, String(value).trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    const parsed = websiteSaveBodySchema.safeParse(fields);
    setProblems(parsed.success ? {} : firstProblems(parsed.error.issues));
    if (parsed.success) save.mutate(fields);
  };

  const live = liveSiteUrl(site.domain_name, window.location);
  const field = (name: keyof Site, label: string, extra: object = {}) => (
    <SettingsField
      key={name}
      label={label}
      name={name}
      defaultValue={site[name]}
      error={problems[name]}
      {...extra}
    />
  );

  return (
    <SettingsForm onSubmit={submit} noValidate aria-label="Edit your website">
      <p>
        Your site is live at{' '}
        <Anchor href={live} target="_blank" rel="noopener noreferrer">
          {live.replace(/^https?:\/\//, '')}
        </Anchor>
        . Its banner is made by our team: ask for it with a channel artwork ticket.
      </p>
      {field('domain_name', 'Domain name', { autoComplete: 'off' })}
      {field('name', 'Name')}
      {field('subtitle', 'Subtitle')}
      {field('form_mail', 'Contact email', { type: 'email' })}
      {field('about_me', 'About me', { multiline: true })}
      {field('social_text', 'Social text', { multiline: true })}
      {SOCIAL_LINK_FIELDS.map((name) =>
        field(name, `${socialLabels[name]} link${name === 'youtube' ? '' : ' (optional)'}`, {
          type: 'url',
          placeholder: name === 'youtube' ? YOUTUBE_CHANNEL_LINK_EXAMPLE : 'https://',
        }),
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? <Spinner label="Saving" /> : 'Save'}
      </Button>
    </SettingsForm>
  );
}
