import type { CallData } from '@fansite/contract';
import { Button } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SettingsField, SettingsForm } from '../../lib/SettingsForm.tsx';
import {
  Actions,
  Card,
  List,
  Loaded,
  Muted,
  formFields,
  useStaff,
  useStaffChange,
} from './staffKit.tsx';

type FeedItem = CallData<'staffFeed'>[number];

function FeedForm({ item, onDone }: { item?: FeedItem; onDone?: () => void }) {
  const { send, pending, status } = useStaffChange();
  return (
    <SettingsForm
      aria-label={item ? `Edit ${item.title}` : 'New news item'}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void send('staffFeedSave', {
          ...formFields(form),
          ...(item ? { id: String(item.id) } : {}),
        }).then((answer) => {
          if (answer.code !== 200) return;
          if (!item) form.reset();
          onDone?.();
        });
      }}
    >
      <SettingsField label="Title" name="title" required defaultValue={item?.title} />
      <SettingsField
        label="Image link"
        name="image"
        type="url"
        required
        defaultValue={item?.image}
      />
      <SettingsField
        label="Read-more link"
        name="url"
        type="url"
        required
        defaultValue={item?.url}
      />
      <SettingsField
        label="Content (HTML; scripts and unsafe markup are removed when shown)"
        name="content"
        multiline
        required
        defaultValue={item?.content}
      />
      <Actions>
        <Button type="submit" disabled={pending}>
          {item ? 'Save news item' : 'Publish news item'}
        </Button>
      </Actions>
      {status}
    </SettingsForm>
  );
}

/** `/staff/news`: the items of the /latest page. */
export function NewsPage() {
  const { queries, viewer } = useStaff();
  const feed = useQuery(queries.staff.feed({}, viewer));
  const [editing, setEditing] = useState<number | null>(null);
  const { send, pending, status } = useStaffChange();
  return (
    <>
      <h2>New news item</h2>
      <FeedForm />
      <h2>Published</h2>
      {status}
      <Loaded query={feed} label="Loading the news">
        {(items) =>
          items.length === 0 ? (
            <p>No updates to display.</p>
          ) : (
            <List>
              {items.map((item) => (
                <Card key={item.id} aria-label={item.title}>
                  <h3>{item.title}</h3>
                  <Muted>{item.url}</Muted>
                  <Actions>
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(editing === item.id ? null : item.id)}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={pending}
                      onClick={() => {
                        if (window.confirm(`Delete "${item.title}"?`)) {
                          void send('staffFeedDelete', { id: String(item.id) });
                        }
                      }}
                    >
                      Delete
                    </Button>
                  </Actions>
                  {editing === item.id && <FeedForm item={item} onDone={() => setEditing(null)} />}
                </Card>
              ))}
            </List>
          )
        }
      </Loaded>
    </>
  );
}
