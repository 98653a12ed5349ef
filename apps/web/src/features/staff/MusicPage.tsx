import { errorMessage } from '@fansite/api-client';
import type { CallData, StaffPlaylist } from '@fansite/contract';
import { Badge, Button, Link, youtubeThumbnailUrl } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';
import { SettingsField, SettingsForm } from '../../lib/SettingsForm.tsx';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import {
  Actions,
  Card,
  CheckLabel,
  Label,
  List,
  Loaded,
  Muted,
  Select,
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

function PlaylistForm({ playlist, onDone }: { playlist?: StaffPlaylist; onDone?: () => void }) {
  const { send, pending, status } = useStaffChange();
  return (
    <SettingsForm
      aria-label={playlist ? `Edit ${playlist.category_name}` : 'New playlist'}
      onSubmit={(event) => {
        event.preventDefault();
        const fields = formFields(event.currentTarget);
        void send(playlist ? 'staffPlaylistUpdate' : 'staffPlaylistCreate', {
          ...fields,
          ...(playlist ? { id: playlist.id } : {}),
        }).then((answer) => answer.code === 200 && onDone?.());
      }}
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
      <Actions>
        <Button type="submit" disabled={pending}>
          {playlist ? 'Save playlist' : 'Create playlist'}
        </Button>
      </Actions>
      {status}
    </SettingsForm>
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
  const { send, pending, status } = useStaffChange();
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
    <SettingsForm
      key={formKey}
      aria-label="Add a song"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void send('staffSongAdd', formFields(form)).then((answer) => {
          if (answer.code !== 200) return;
          setLookup(null);
          form.reset();
        });
      }}
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
      <Label>
        Playlist
        <Select name="p" defaultValue={playlistId}>
          {playlists.map((playlist) => (
            <option key={playlist.id} value={playlist.id}>
              {playlist.category_name}
            </option>
          ))}
        </Select>
      </Label>
      <SettingsField label="Description" name="description" multiline />
      <Actions>
        <Button type="submit" disabled={pending}>
          Save song
        </Button>
      </Actions>
      {status}
    </SettingsForm>
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
                    <Button
                      variant="secondary"
                      aria-label={`Move ${song.title} up`}
                      disabled={pending || index === 0}
                      onClick={() =>
                        void send('staffSongReorder', {
                          s: song.youtube_url,
                          p: playlist.id,
                          direction: 'up',
                        })
                      }
                    >
                      Up
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={`Move ${song.title} down`}
                      disabled={pending || index === list.length - 1}
                      onClick={() =>
                        void send('staffSongReorder', {
                          s: song.youtube_url,
                          p: playlist.id,
                          direction: 'down',
                        })
                      }
                    >
                      Down
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={pending}
                      onClick={() => {
                        if (window.confirm(`Remove "${song.title}" from the site?`)) {
                          void send('staffSongRemove', { s: song.youtube_url });
                        }
                      }}
                    >
                      Remove
                    </Button>
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
                    <Button
                      variant="secondary"
                      aria-label={`Move ${playlist.category_name} up`}
                      disabled={pending || index === 0}
                      onClick={() =>
                        void send('staffPlaylistMove', { id: playlist.id, direction: 'up' })
                      }
                    >
                      Up
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={`Move ${playlist.category_name} down`}
                      disabled={pending || index === list.length - 1}
                      onClick={() =>
                        void send('staffPlaylistMove', { id: playlist.id, direction: 'down' })
                      }
                    >
                      Down
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={pending}
                      onClick={() => {
                        if (window.confirm(`Delete the playlist "${playlist.category_name}"?`)) {
                          void send('staffPlaylistDelete', { id: playlist.id });
                        }
                      }}
                    >
                      Delete
                    </Button>
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
