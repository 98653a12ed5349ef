import { errorMessage } from '@fansite/api-client';
import type { CallData, StaffPlaylist } from '@fansite/contract';
import { Badge, Button, Link, youtubeThumbnailUrl } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';
import { SettingsField } from '../../lib/SettingsForm.tsx';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import {
  Actions,
  Card,
  CheckLabel,
  ConfirmButton,
  List,
  Loaded,
  Muted,
  Select,
  SelectField,
  StaffForm,
  formFields,
  useStaff,
  useStaffChange,
} from './staffKit.tsx';

type Lookup = CallData<'staffSongLookup'>;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

const Preview = styled.img`
  width: 160px;
  max-width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.small};
`;

/** Up and Down for an item of an ordered list; the first cannot go up, nor the last down. */
function UpDownButtons({
  name,
  index,
  count,
  disabled,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (direction: 'up' | 'down') => void;
}) {
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`Move ${name} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove('up')}
      >
        Up
      </Button>
      <Button
        variant="secondary"
        aria-label={`Move ${name} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove('down')}
      >
        Down
      </Button>
    </>
  );
}

function PlaylistForm({ playlist, onDone }: { playlist?: StaffPlaylist; onDone?: () => void }) {
  return (
    <StaffForm
      aria-label={playlist ? `Edit ${playlist.category_name}` : 'New playlist'}
      call={playlist ? 'staffPlaylistUpdate' : 'staffPlaylistCreate'}
      extraFields={playlist && { id: playlist.id }}
      submitLabel={playlist ? 'Save playlist' : 'Create playlist'}
      onSaved={onDone}
    >
      {!playlist && (
        <SettingsField
          label="Id (in the address: lower-case letters, digits, hyphens)"
          name="id"
          required
        />
      )}
      <SettingsField label="Name" name="name" required defaultValue={playlist?.category_name} />
      <SettingsField
        label="Description"
        name="description"
        multiline
        defaultValue={playlist?.description}
      />
      <SettingsField
        label="Description link"
        name="description_url"
        type="url"
        defaultValue={playlist?.description_url ?? ''}
      />
      <SettingsField
        label="Image link"
        name="image_url"
        type="url"
        defaultValue={playlist?.image_url ?? ''}
      />
      <Row>
        <CheckLabel>
          <input type="checkbox" name="special" value="true" defaultChecked={playlist?.special} />
          Special badge
        </CheckLabel>
        <CheckLabel>
          <input type="checkbox" name="home" value="true" defaultChecked={playlist?.home} />
          On the home page
        </CheckLabel>
      </Row>
    </StaffForm>
  );
}

/** Paste a link, let YouTube fill the title and artist, change them if need be, save. */
function AddSongForm({
  playlists,
  playlistId,
}: {
  playlists: StaffPlaylist[];
  playlistId: string;
}) {
  const { apiClient } = useStaff();
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [lookupProblem, setLookupProblem] = useState<string | null>(null);
  // The fields take YouTube's details as their initial values, remounted when a lookup lands.
  const [formKey, setFormKey] = useState(0);

  async function fill(form: HTMLFormElement) {
    const url = formFields(form).url ?? '';
    setLookupProblem(null);
    try {
      setLookup(await apiClient.request('staffSongLookup', { url }));
      setFormKey((key) => key + 1);
    } catch (error) {
      setLookupProblem(errorMessage(error));
    }
  }

  return (
    <StaffForm
      key={formKey}
      aria-label="Add a song"
      call="staffSongAdd"
      submitLabel="Save song"
      resetOnSave
      onSaved={() => setLookup(null)}
    >
      <h3>Add a song</h3>
      <SettingsField
        label="YouTube link"
        name="url"
        required
        placeholder="https://www.youtube.com/watch?v=..."
        defaultValue={lookup ? `https://www.youtube.com/watch?v=${lookup.youtube_url}` : ''}
      />
      <Actions>
        <Button variant="secondary" onClick={(event) => void fill(event.currentTarget.form!)}>
          Fill from YouTube
        </Button>
      </Actions>
      {lookupProblem && <StatusMessage tone="error">{lookupProblem}</StatusMessage>}
      {lookup?.thumbnail_url && <Preview src={lookup.thumbnail_url} alt="" />}
      <SettingsField label="Title" name="title" required defaultValue={lookup?.title} />
      <SettingsField
        label="Artist"
        name="author_name"
        required
        defaultValue={lookup?.author_name}
      />
      <SettingsField label="Length (m:ss)" name="duration" required placeholder="3:25" />
      <SelectField
        label="Playlist"
        name="p"
        defaultValue={playlistId}
        options={playlists.map((playlist) => ({
          value: playlist.id,
          label: playlist.category_name,
        }))}
      />
      <SettingsField label="Description" name="description" multiline />
    </StaffForm>
  );
}

function PlaylistSongs({
  playlist,
  playlists,
}: {
  playlist: StaffPlaylist;
  playlists: StaffPlaylist[];
}) {
  const { queries, viewer } = useStaff();
  const songs = useQuery(queries.staff.playlistSongs({ p: playlist.id }, viewer));
  const { send, pending, status } = useStaffChange();
  const others = playlists.filter((other) => other.id !== playlist.id);
  return (
    <section aria-label={`Songs of ${playlist.category_name}`}>
      <h3>Songs of {playlist.category_name}</h3>
      {status}
      <Loaded query={songs} label="Loading the songs">
        {({ songs: list }) =>
          list.length === 0 ? (
            <p>This playlist is empty.</p>
          ) : (
            <List>
              {list.map((song, index) => (
                <Card key={song.youtube_url} aria-label={song.title}>
                  <Row>
                    <img
                      src={youtubeThumbnailUrl(song.youtube_url, 'mqdefault')}
                      alt=""
                      width={80}
                      height={45}
                    />
                    <div>
                      <Link href={paths.song(song.youtube_url, playlist.id)}>{song.title}</Link>
                      <br />
                      <Muted>{song.author_name}</Muted>
                    </div>
                  </Row>
                  <Actions>
                    <UpDownButtons
                      name={song.title}
                      index={index}
                      count={list.length}
                      disabled={pending}
                      onMove={(direction) =>
                        void send('staffSongReorder', {
                          s: song.youtube_url,
                          p: playlist.id,
                          direction,
                        })
                      }
                    />
                    <ConfirmButton
                      question={`Remove "${song.title}" from the site?`}
                      onConfirm={() => void send('staffSongRemove', { s: song.youtube_url })}
                      disabled={pending}
                    >
                      Remove
                    </ConfirmButton>
                  </Actions>
                  {others.length > 0 && (
                    <form
                      aria-label={`Move ${song.title} to another playlist`}
                      onSubmit={(event) => {
                        event.preventDefault();
                        void send('staffSongMove', {
                          s: song.youtube_url,
                          p: playlist.id,
                          ...formFields(event.currentTarget),
                        });
                      }}
                    >
                      <Actions>
                        <Select name="to" aria-label="Move to" defaultValue={others[0]!.id}>
                          {others.map((other) => (
                            <option key={other.id} value={other.id}>
                              {other.category_name}
                            </option>
                          ))}
                        </Select>
                        <Button type="submit" variant="secondary" disabled={pending}>
                          Move
                        </Button>
                      </Actions>
                    </form>
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

/** `/staff/music`: the brand's playlists and their songs, edited in place. */
export function MusicPage() {
  const { queries, viewer } = useStaff();
  const playlists = useQuery(queries.staff.playlists({}, viewer));
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const { send, pending, status } = useStaffChange();

  return (
    <Loaded query={playlists} label="Loading the playlists">
      {(list) => {
        const opened = list.find((playlist) => playlist.id === open) ?? list[0];
        return (
          <>
            {opened && <AddSongForm playlists={list} playlistId={opened.id} />}
            <h2>Playlists</h2>
            {status}
            <List>
              {list.map((playlist, index) => (
                <Card key={playlist.id} aria-label={`Playlist ${playlist.category_name}`}>
                  <Row>
                    <h3>{playlist.category_name}</h3>
                    <Muted>
                      {playlist.id} · {playlist.songs} songs
                    </Muted>
                    {playlist.special && <Badge variant="special">Special</Badge>}
                    {playlist.home && <Badge variant="network">Home</Badge>}
                  </Row>
                  <Actions>
                    <Button variant="secondary" onClick={() => setOpen(playlist.id)}>
                      Songs
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(editing === playlist.id ? null : playlist.id)}
                    >
                      Edit
                    </Button>
                    <UpDownButtons
                      name={playlist.category_name}
                      index={index}
                      count={list.length}
                      disabled={pending}
                      onMove={(direction) =>
                        void send('staffPlaylistMove', { id: playlist.id, direction })
                      }
                    />
                    <ConfirmButton
                      question={`Delete the playlist "${playlist.category_name}"?`}
                      onConfirm={() => void send('staffPlaylistDelete', { id: playlist.id })}
                      disabled={pending}
                    >
                      Delete
                    </ConfirmButton>
                  </Actions>
                  {editing === playlist.id && (
                    <PlaylistForm playlist={playlist} onDone={() => setEditing(null)} />
                  )}
                </Card>
              ))}
            </List>
            {opened && <PlaylistSongs key={opened.id} playlist={opened} playlists={list} />}
            <h2>New playlist</h2>
            <PlaylistForm />
          </>
        );
      }}
    </Loaded>
  );
}
