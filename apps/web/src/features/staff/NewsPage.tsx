import type { CallData } from '@fansite/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SettingsField } from '../../lib/SettingsForm.tsx';
import {
  EditableCard,
  List,
  Loaded,
  Muted,
  StaffForm,
  useStaff,
  useStaffChange,
} from './staffKit.tsx';

type FeedItem = CallData<'staffFeed'>[number];

function FeedForm({ item, onDone }: { item?: FeedItem; onDone?: () => void }) {
  return (
    <StaffForm
      aria-label={item ? `Edit ${item.title}` : 'New news item'}
      call="staffFeedSave"
      extraFields={item && { id: String(item.id) }}
      submitLabel={item ? 'Save news item' : 'Publish news item'}
      resetOnSave={!item}
      onSaved={onDone}
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
    </StaffForm>
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
                <EditableCard
                  key={item.id}
                  label={item.title}
                  editing={editing === item.id}
                  onEdit={() => setEditing(editing === item.id ? null : item.id)}
                  form={<FeedForm item={item} onDone={() => setEditing(null)} />}
                  deleteQuestion={`Delete "${item.title}"?`}
                  onDelete={() => void send('staffFeedDelete', { id: String(item.id) })}
                  pending={pending}
                >
                  <h3>{item.title}</h3>
                  <Muted>{item.url}</Muted>
                </EditableCard>
              ))}
            </List>
          )
        }
      </Loaded>
    </>
  );
}
