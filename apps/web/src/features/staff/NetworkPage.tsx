import type { CallData } from '@fansite/contract';
import { Anchor, formatCount } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SettingsField } from '../../lib/SettingsForm.tsx';
import {
  Actions,
  Card,
  ConfirmButton,
  EditableCard,
  List,
  Loaded,
  Muted,
  StaffForm,
  useStaff,
  useStaffChange,
  when,
} from './staffKit.tsx';

type Network = CallData<'staffNetwork'>;
type Member = Network['members'][number];
type Testimonial = Network['testimonials'][number];

function MemberForm({ member, onDone }: { member?: Member; onDone?: () => void }) {
  return (
    <StaffForm
      aria-label={member ? `Edit ${member.channel_name}` : 'New member'}
      call="staffMemberSave"
      extraFields={member && { channel_id: member.channel_id }}
      submitLabel={member ? 'Save member' : 'Add member'}
      resetOnSave={!member}
      onSaved={onDone}
    >
      {!member && <SettingsField label="Channel id (UC...)" name="channel_id" required />}
      <SettingsField
        label="Channel name"
        name="channel_name"
        required
        defaultValue={member?.channel_name}
      />
      <SettingsField
        label="Channel picture link"
        name="channel_pic"
        type="url"
        required
        defaultValue={member?.channel_pic}
      />
      <SettingsField
        label="Subscribers"
        name="subscribers"
        inputMode="numeric"
        defaultValue={String(member?.subscribers ?? 0)}
      />
      <SettingsField
        label="Views"
        name="views"
        inputMode="numeric"
        defaultValue={String(member?.views ?? 0)}
      />
    </StaffForm>
  );
}

function TestimonialForm({
  testimonial,
  onDone,
}: {
  testimonial?: Testimonial;
  onDone?: () => void;
}) {
  return (
    <StaffForm
      aria-label={
        testimonial ? `Edit the testimonial of ${testimonial.channel_name}` : 'New testimonial'
      }
      call="staffTestimonialSave"
      extraFields={testimonial && { id: String(testimonial.id) }}
      submitLabel={testimonial ? 'Save testimonial' : 'Add testimonial'}
      resetOnSave={!testimonial}
      onSaved={onDone}
    >
      <SettingsField
        label="Channel id (UC...)"
        name="channel_id"
        required
        defaultValue={testimonial?.channel_id}
      />
      <SettingsField
        label="Channel name"
        name="channel_name"
        required
        defaultValue={testimonial?.channel_name}
      />
      <SettingsField
        label="Channel picture link"
        name="channel_pic"
        type="url"
        required
        defaultValue={testimonial?.channel_pic}
      />
      <SettingsField
        label="Tag (such as 12K subscribers)"
        name="sub_tag"
        required
        defaultValue={testimonial?.sub_tag}
      />
      <SettingsField
        label="Testimonial"
        name="testimonial"
        multiline
        required
        defaultValue={testimonial?.testimonial}
      />
    </StaffForm>
  );
}

function Subscribers() {
  const { queries, viewer } = useStaff();
  const subscribers = useQuery(queries.staff.subscribers({}, viewer));
  const { send, pending, status } = useStaffChange();
  return (
    <section aria-labelledby="staff-subscribers">
      <h2 id="staff-subscribers">Subscribers</h2>
      {status}
      <Loaded query={subscribers} label="Loading the subscribers">
        {(list) =>
          list.length === 0 ? (
            <p>There are no subscribers.</p>
          ) : (
            <List>
              {list.map((subscriber) => (
                <Card key={subscriber.email} aria-label={subscriber.email}>
                  <h3>
                    <Anchor href={`mailto:${subscriber.email}`}>{subscriber.email}</Anchor>
                  </h3>
                  <Muted>
                    {subscriber.source === 'patreon' ? 'Patreon' : 'Granted by an operator'} · since{' '}
                    {when(subscriber.since)}
                    {subscriber.has_account ? '' : ' · no account yet'}
                  </Muted>
                  {subscriber.domain_name ? (
                    <Actions>
                      <span>
                        Site: {subscriber.domain_name} ({subscriber.site_enabled ? 'on' : 'off'})
                      </span>
                      {subscriber.site_enabled && (
                        <ConfirmButton
                          question={`Disable the site ${subscriber.domain_name}?`}
                          onConfirm={() =>
                            void send('staffSiteDisable', { domain_name: subscriber.domain_name! })
                          }
                          disabled={pending}
                        >
                          Disable site
                        </ConfirmButton>
                      )}
                    </Actions>
                  ) : (
                    <Muted>No site yet.</Muted>
                  )}
                </Card>
              ))}
            </List>
          )
        }
      </Loaded>
    </section>
  );
}

/** `/staff/network`: the creator network's members (with the counts behind its stats), testimonials and subscribers. */
export function NetworkPage() {
  const { queries, viewer } = useStaff();
  const network = useQuery(queries.staff.network({}, viewer));
  const [editing, setEditing] = useState<string | null>(null);
  const { send, pending, status } = useStaffChange();
  return (
    <>
      {status}
      <Loaded query={network} label="Loading the network">
        {({ members, testimonials }) => (
          <>
            <section aria-labelledby="staff-members">
              <h2 id="staff-members">Members</h2>
              <List>
                {members.map((member) => (
                  <EditableCard
                    key={member.channel_id}
                    label={member.channel_name}
                    editing={editing === member.channel_id}
                    onEdit={() =>
                      setEditing(editing === member.channel_id ? null : member.channel_id)
                    }
                    form={<MemberForm member={member} onDone={() => setEditing(null)} />}
                    deleteQuestion={`Remove ${member.channel_name} from the network?`}
                    onDelete={() =>
                      void send('staffMemberDelete', { channel_id: member.channel_id })
                    }
                    pending={pending}
                  >
                    <h3>{member.channel_name}</h3>
                    <Muted>
                      {formatCount(member.subscribers)} subscribers · {formatCount(member.views)}{' '}
                      views
                    </Muted>
                  </EditableCard>
                ))}
              </List>
              <h3>New member</h3>
              <MemberForm />
            </section>
            <section aria-labelledby="staff-testimonials">
              <h2 id="staff-testimonials">Testimonials</h2>
              <List>
                {testimonials.map((testimonial) => (
                  <EditableCard
                    key={testimonial.id}
                    label={`Testimonial of ${testimonial.channel_name}`}
                    editing={editing === `t${testimonial.id}`}
                    onEdit={() =>
                      setEditing(editing === `t${testimonial.id}` ? null : `t${testimonial.id}`)
                    }
                    form={
                      <TestimonialForm testimonial={testimonial} onDone={() => setEditing(null)} />
                    }
                    deleteQuestion={`Delete the testimonial of ${testimonial.channel_name}?`}
                    onDelete={() =>
                      void send('staffTestimonialDelete', { id: String(testimonial.id) })
                    }
                    pending={pending}
                  >
                    <h3>{testimonial.channel_name}</h3>
                    <p>{testimonial.testimonial}</p>
                  </EditableCard>
                ))}
              </List>
              <h3>New testimonial</h3>
              <TestimonialForm />
            </section>
          </>
        )}
      </Loaded>
      <Subscribers />
    </>
  );
}
