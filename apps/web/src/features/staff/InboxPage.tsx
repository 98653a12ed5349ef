import {
  INBOX_KINDS,
  INBOX_STATES,
  STAFF_PAGE_SIZE,
  type InboxItem,
  type InboxKind,
  type InboxState,
} from '@fansite/contract';
import { Anchor, Button, Link, youtubeThumbnailUrl } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';
import { SettingsField } from '../../lib/SettingsForm.tsx';
import {
  Actions,
  Card,
  List,
  Loaded,
  Muted,
  SelectField,
  formFields,
  useStaff,
  useStaffChange,
  when,
  Pager,
} from './staffKit.tsx';

const KIND_LABELS: Record<InboxKind, string> = {
  'song-report': 'Song report',
  artwork: 'Artwork ticket',
  'request-song': 'Song request',
  'apply-member': 'Membership application',
  'apply-academy': 'Academy application',
  'bug-report': 'Bug report',
  advertisement: 'Advertising',
  'business-inquiry': 'Business enquiry',
  other: 'Other',
};

const STATE_LABELS: Record<InboxState, string> = {
  new: 'New',
  'in-progress': 'In progress',
  done: 'Done',
};

const kindOptions = INBOX_KINDS.map((kind) => ({
  value: kind,
  label: KIND_LABELS[kind],
}));
const stateOptions = INBOX_STATES.map((state) => ({
  value: state,
  label: STATE_LABELS[state],
}));

const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

const Song = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[3]};
  align-items: center;
  min-width: 0;

  img {
    flex: none;
    width: 120px;
    height: 68px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.small};
  }
`;

const Fields = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  margin: 0;

  dt {
    font-weight: 600;
  }

  dd {
    margin: 0;
    min-width: 0;
    white-space: pre-wrap;
  }
`;

function InboxCard({ item }: { item: InboxItem }) {
  const { send, pending, status } = useStaffChange();
  return (
    <Card aria-label={`${KIND_LABELS[item.kind as InboxKind] ?? item.kind} #${item.id}`}>
      <h2>
        {KIND_LABELS[item.kind as InboxKind] ?? item.kind} #{item.id}{' '}
        <Muted>
          {STATE_LABELS[item.state]} · {when(item.created_at)}
        </Muted>
      </h2>
      {item.song && (
        <Song>
          <img src={youtubeThumbnailUrl(item.song.youtube_url, 'mqdefault')} alt="" />
          <div>
            <Link href={paths.song(item.song.youtube_url, item.song.category_id)}>
              {item.song.title}
            </Link>
            <br />
            <Muted>
              {item.song.author_name} · {item.song.category_name}
            </Muted>
          </div>
        </Song>
      )}
      {item.reported_video && !item.song && (
        <Muted>The reported video ({item.reported_video}) is no longer on the site.</Muted>
      )}
      <Fields>
        {item.email && (
          <>
            <dt>Email</dt>
            <dd>
              <Anchor href={`mailto:${item.email}`}>{item.email}</Anchor>
            </dd>
          </>
        )}
        {item.discord && (
          <>
            <dt>Discord</dt>
            <dd>{item.discord}</dd>
          </>
        )}
        {item.youtube_url && (
          <>
            <dt>YouTube</dt>
            <dd>
              <Anchor href={item.youtube_url}>{item.youtube_url}</Anchor>
            </dd>
          </>
        )}
        {item.remember !== null && (
          <>
            <dt>Remind me</dt>
            <dd>{item.remember ? 'Yes' : 'No'}</dd>
          </>
        )}
        {item.message && (
          <>
            <dt>Message</dt>
            <dd>{item.message}</dd>
          </>
        )}
      </Fields>
      {item.song && item.kind === 'song-report' && (
        <Actions>
          <Button
            disabled={pending}
            onClick={() => void send('staffInboxRemoveSong', { id: String(item.id) })}
          >
            Remove from playlist
          </Button>
        </Actions>
      )}
      <form
        aria-label={`Handle #${item.id}`}
        onSubmit={(event) => {
          event.preventDefault();
          void send('staffInboxUpdate', {
            id: String(item.id),
            ...formFields(event.currentTarget),
          });
        }}
      >
        <Actions>
          <SelectField
            label="State"
            name="state"
            defaultValue={item.state}
            options={stateOptions}
          />
        </Actions>
        <SettingsField label="Internal note" name="note" multiline defaultValue={item.note} />
        <Actions>
          <Button type="submit" disabled={pending}>
            Save
          </Button>
        </Actions>
      </form>
      {status}
    </Card>
  );
}

/** `/staff/inbox`: what visitors sent the team, newest first, by kind and state. */
export function InboxPage() {
  const { queries, viewer } = useStaff();
  const [filter, setFilter] = useState<{ kind?: InboxKind; state?: InboxState }>({});
  const [page, setPage] = useState(1);
  const inbox = useQuery(queries.staff.inbox({ ...filter, page }, viewer));

  return (
    <>
      <Filters
        aria-label="Filter the inbox"
        onChange={(event) => {
          const fields = formFields(event.currentTarget);
          setFilter({
            kind: (fields.kind || undefined) as InboxKind | undefined,
            state: (fields.state || undefined) as InboxState | undefined,
          });
          setPage(1);
        }}
      >
        <SelectField
          label="Kind"
          name="kind"
          defaultValue=""
          options={[{ value: '', label: 'All kinds' }, ...kindOptions]}
        />
        <SelectField
          label="State"
          name="state"
          defaultValue=""
          options={[{ value: '', label: 'Any state' }, ...stateOptions]}
        />
      </Filters>
      <Loaded query={inbox} label="Loading the inbox">
        {({ items, total }) => (
          <>
            <p>
              {total === 0
                ? 'Nothing here.'
                : `${total} item${total === 1 ? '' : 's'}, page ${page} of ${Math.ceil(total / STAFF_PAGE_SIZE)}`}
            </p>
            <List>
              {items.map((item) => (
                <InboxCard key={item.id} item={item} />
              ))}
            </List>
            <Pager page={page} total={total} onPage={setPage} />
          </>
        )}
      </Loaded>
    </>
  );
}
