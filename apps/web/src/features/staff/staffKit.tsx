import { ApiError, errorMessage } from '@fansite/api-client';
import { Button, Spinner, type ButtonProps } from '@fansite/ui-kit';
import { useAuth } from '@fansite/auth';
import { STAFF_PAGE_SIZE, type CallInput, type CallName } from '@fansite/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styled from 'styled-components';
import { SettingsForm } from '../../lib/SettingsForm.tsx';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';
import { useTimedMessage } from '../../lib/useTimedMessage.ts';

/** A card of a staff list: one item, its fields and its actions. */
export const Card = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colours.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.surface};
  overflow-wrap: anywhere;

  h2,
  h3,
  p {
    margin: 0;
  }

  summary {
    display: flex;
    align-items: center;
    min-height: 44px;
    cursor: pointer;
  }
`;

export const List = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
`;

/** A row of buttons that wraps on a phone. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

/** A labelled select of a staff form (uncontrolled: read with FormData). */
export const Select = styled.select`
  min-height: 44px;
  min-width: 0;
  max-width: 100%;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colours.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.background};
  color: ${({ theme }) => theme.colours.text};
  font: inherit;
`;

const Label = styled.label`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
  font-weight: 600;
`;

export const CheckLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 44px;
  font-weight: 600;

  input {
    width: 24px;
    height: 24px;
  }
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colours.mutedText};
  font-size: 0.9rem;
`;

/** One choice of a `SelectField`. */
interface SelectOption {
  value: string;
  label: string;
}

/** A labelled select of a staff form, its choices given as values and their labels. */
export function SelectField({
  label,
  options,
  ...select
}: { label: string; options: readonly SelectOption[] } & ComponentPropsWithoutRef<'select'>) {
  return (
    <Label>
      {label}
      <Select {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Label>
  );
}

/** A secondary button whose change is sent only once the person confirms `question`. */
export function ConfirmButton({
  question,
  onConfirm,
  ...button
}: {
  question: string;
  onConfirm: () => void;
} & Omit<ButtonProps, 'onClick' | 'variant'>) {
  return (
    <Button
      variant="secondary"
      onClick={() => {
        if (window.confirm(question)) onConfirm();
      }}
      {...button}
    />
  );
}

/**
 * A card of a staff list with Edit, which shows `form` under it (one at a time, the page's
 * choice), and Delete, after the person confirms `deleteQuestion`.
 */
export function EditableCard({
  label,
  children,
  editing,
  onEdit,
  form,
  deleteQuestion,
  onDelete,
  pending,
}: {
  label: string;
  children: ReactNode;
  editing: boolean;
  onEdit: () => void;
  form: ReactNode;
  deleteQuestion: string;
  onDelete: () => void;
  /** A change of the list is under way: Delete waits for it. */
  pending: boolean;
}) {
  return (
    <Card aria-label={label}>
      {children}
      <Actions>
        <Button variant="secondary" onClick={onEdit}>
          Edit
        </Button>
        <ConfirmButton question={deleteQuestion} onConfirm={onDelete} disabled={pending}>
          Delete
        </ConfirmButton>
      </Actions>
      {editing && form}
    </Card>
  );
}

/**
 * A form of the staff pages that sends its fields (and `extraFields`, what names the item it
 * edits) as one change, with its submit button and what the server answered under it.
 */
export function StaffForm({
  call,
  extraFields,
  submitLabel,
  resetOnSave = false,
  onSaved,
  children,
  ...props
}: {
  call: StaffChangeName;
  extraFields?: Record<string, string>;
  submitLabel: string;
  /** Empties the fields once the change is saved, ready for the next new item. */
  resetOnSave?: boolean;
  onSaved?: () => void;
  children: ReactNode;
  'aria-label': string;
}) {
  const { send, pending, status } = useStaffChange();
  return (
    <SettingsForm
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void send(call, { ...formFields(form), ...extraFields }).then((answer) => {
          if (answer.code !== 200) return;
          if (resetOnSave) form.reset();
          onSaved?.();
        });
      }}
    >
      {children}
      <Actions>
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
      </Actions>
      {status}
    </SettingsForm>
  );
}

/** The server said 403: a signed-in person who is not on the team. */
const isNotStaff = (error: unknown) => error instanceof ApiError && error.code === 403;

/** Newer and Older under a paged staff list (newest first, `STAFF_PAGE_SIZE` to a page). */
export function Pager({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <Actions>
      <Button variant="secondary" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Newer
      </Button>
      <Button
        variant="secondary"
        disabled={page * STAFF_PAGE_SIZE >= total}
        onClick={() => onPage(page + 1)}
      >
        Older
      </Button>
    </Actions>
  );
}

/** What a staff page shows while its read loads or fails; its content once it is there. */
export function Loaded<T>({
  query,
  label,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={label} />;
  if (query.isError) {
    return (
      <StatusMessage tone="error">
        {isNotStaff(query.error) ? 'This page is for the team only.' : errorMessage(query.error)}
      </StatusMessage>
    );
  }
  return <>{children(query.data as T)}</>;
}

/** The viewer's id for staff reads, and a way to read everything again after a change. */
export function useStaff() {
  const context = useAppContext();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return {
    ...context,
    viewer: user?.uid ?? null,
    refresh: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  };
}

/** A form's fields as strings; unticked boxes are simply absent, as the server expects. */
export function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** "2026-11-27T04:10:00Z" as the team reads it, in UTC. */
export const when = (iso: string) => iso.replace('T', ' ').replace(/:\d\dZ$/, ' UTC');

/**
 * Sends one of the team's changes and reads the staff pages again when it lands. The fields come
 * from a form as strings; the server checks them and answers a person-readable message.
 */
export function useStaffChange() {
  const { apiClient, refresh } = useStaff();
  const [message, setMessage] = useTimedMessage();
  const change = useMutation({
    mutationFn: ({ call, fields }: { call: StaffChangeName; fields: Record<string, string> }) =>
      apiClient.envelope(call, fields as CallInput<typeof call>),
    onSuccess: async (answer) => {
      if (answer.code === 200) {
        if (answer.message) setMessage({ tone: 'success', text: answer.message });
        await refresh();
      } else setMessage({ tone: 'error', text: answer.message });
    },
    onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }),
  });
  const status = message ? <StatusMessage tone={message.tone}>{message.text}</StatusMessage> : null;
  return {
    send: (call: StaffChangeName, fields: Record<string, string>) =>
      change.mutateAsync({ call, fields }),
    pending: change.isPending,
    status,
  };
}

/** The team's calls that change something. */
export type StaffChangeName = Extract<
  CallName,
  | 'staffInboxUpdate'
  | 'staffInboxRemoveSong'
  | 'staffPlaylistCreate'
  | 'staffPlaylistUpdate'
  | 'staffPlaylistDelete'
  | 'staffPlaylistMove'
  | 'staffSongAdd'
  | 'staffSongMove'
  | 'staffSongReorder'
  | 'staffSongRemove'
  | 'staffFeedSave'
  | 'staffFeedDelete'
  | 'staffMemberSave'
  | 'staffMemberDelete'
  | 'staffTestimonialSave'
  | 'staffTestimonialDelete'
  | 'staffSiteDisable'
>;
