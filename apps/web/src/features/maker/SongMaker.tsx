import { useAuth } from '@fansite/auth';
import { ApiError, apiKeys, errorMessage } from '@fansite/api-client';
import {
  MAKER_FILE_TYPES,
  MAKER_MAX_UPLOAD_BYTES,
  MAKER_SPEED_MAX,
  MAKER_SPEED_MIN,
  makerRate,
  type ConversionHistoryEntry,
} from '@fansite/contract';
import { Button, LockedNotice, Spinner, formatLongUsDate } from '@fansite/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';
import { canPreview, createAudioPreview, type AudioPreview } from './audioPreview.ts';
import { describeSpeed, fileSizeText, speedPercent } from './describeSpeed.ts';

// Tracks of minmax(0, 1fr): a grid's automatic track is as wide as its widest control (the file
// picker), which pushed a 360 px phone's page sideways.
const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};
  max-width: 560px;
`;

const Field = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[2]};

  label {
    font-weight: 600;
  }

  input[type='file'] {
    max-width: 100%;
  }

  input[type='range'] {
    width: 100%;
    /* The browser's own side margins would add to the full width. */
    margin: 0;
    accent-color: ${({ theme }) => theme.colours.primary};
  }
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.9rem;
  opacity: 0.8;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

const ProgressRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};

  progress {
    width: 100%;
  }
`;

const Result = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};

  a {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const History = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]};

  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[2]};
    padding: ${({ theme }) => theme.space[3]};
    border-radius: ${({ theme }) => theme.radii.medium};
    background: rgba(127, 127, 127, 0.12);
    overflow-wrap: anywhere;
  }
`;

const ACCEPT = '.mp3,.wav,.pcm,.aif,.aiff,.aac,.m4a,.flac,audio/*';
const PROGRESS_POLL_MS = 700;
const CONVERTED_MESSAGE = 'Your song has been converted!';

type Stage =
  | { kind: 'idle' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'converting' }
  | { kind: 'done'; link: string; fileName: string }
  | { kind: 'failed'; message: string };

export interface SongMakerProps {
  defaultSpeed: number;
  /** The slowed-reverb brand adds reverb to slowed songs. */
  reverbWhenSlowed: boolean;
  subscribeUrl: string;
}

/** docs/product.md, screens, the song maker: upload, speed, preview, convert, download, history. */
export function SongMaker({ defaultSpeed, reverbWhenSlowed, subscribeUrl }: SongMakerProps) {
  const { apiClient, queries } = useAppContext();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const history = useQuery({ ...queries.make.history({}, user?.uid ?? null), retry: false });
  const [file, setFile] = useState<File | null>(null);
  const [speed, setSpeed] = useState(defaultSpeed);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  // The conversion under way, asked after every PROGRESS_POLL_MS from the moment its upload has
  // gone out until its answer comes. A refusal or a failed poll keeps the last progress shown.
  const [followedJob, setFollowedJob] = useState<string | null>(null);
  const conversion = useQuery({
    queryKey: [...apiKeys.make, 'progress', followedJob],
    queryFn: async () => {
      const answer = await apiClient.envelope('makeProgress', { job: followedJob ?? '' });
      if (answer.code !== 200 || !answer.data) throw new ApiError(answer.code, answer.message);
      return answer.data;
    },
    enabled: followedJob !== null,
    refetchInterval: PROGRESS_POLL_MS,
    retry: false,
    gcTime: 0,
  });
  const [previewing, setPreviewing] = useState(false);
  const [previewProblem, setPreviewProblem] = useState<string | null>(null);
  const preview = useRef<AudioPreview | null>(null);
  const fileId = useId();
  const speedId = useId();
  const rate = makerRate(speed);
  const reverb = reverbWhenSlowed && speed < 0;

  useEffect(() => () => preview.current?.stop(), []);
  useEffect(() => preview.current?.setRate(rate), [rate]);

  // The page keeps its heading while it loads: a page without one is harder to find by heading.
  if (history.isPending) {
    return (
      <>
        <h1>Song Maker</h1>
        <Spinner label="Loading the song maker" />
      </>
    );
  }
  // The server decides who is a subscriber (docs/product.md, roles): a 403 locks the page.
  if (history.error instanceof ApiError && history.error.code === 403) {
    return <LockedNotice subscribeUrl={subscribeUrl} />;
  }
  // A history that fails to load is shown empty (docs/product.md, messages).
  const entries: ConversionHistoryEntry[] = history.data ?? [];
  const busy = stage.kind === 'uploading' || stage.kind === 'converting';
  const percent = conversion.data?.percent;

  async function togglePreview() {
    if (!file) return;
    preview.current ??= createAudioPreview();
    if (previewing) {
      preview.current.stop();
      setPreviewing(false);
      return;
    }
    setPreviewProblem(null);
    try {
      setPreviewing(true);
      await preview.current.play(file, rate, reverb, () => setPreviewing(false));
    } catch (error) {
      setPreviewing(false);
      setPreviewProblem(error instanceof Error ? error.message : String(error));
    }
  }

  async function convert(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The file and the speed as the form holds them at the press: the browser's own fields, which
    // no render resets.
    const { elements } = event.currentTarget;
    const songField = elements.namedItem('song');
    const speedField = elements.namedItem('speed');
    const song = songField instanceof HTMLInputElement ? (songField.files?.[0] ?? null) : null;
    const chosenSpeed =
      speedField instanceof HTMLInputElement ? Number(speedField.value) : defaultSpeed;
    if (!song) {
      setStage({ kind: 'failed', message: 'Choose a song file to convert.' });
      return;
    }
    // Refused here rather than after ten megabytes have gone out to be refused by the server.
    if (song.size > MAKER_MAX_UPLOAD_BYTES) {
      setStage({ kind: 'failed', message: 'The file is larger than 10MB.' });
      return;
    }
    preview.current?.stop();
    setPreviewing(false);
    const job = crypto.randomUUID();
    let converting = false;
    setStage({ kind: 'uploading', fraction: 0 });
    try {
      const answer = await apiClient.upload(
        'makeConvert',
        { speed: chosenSpeed, job, file: song },
        {
          onUploadProgress: (fraction) => {
            if (converting) return;
            if (fraction < 1) {
              setStage({ kind: 'uploading', fraction });
              return;
            }
            converting = true;
            setStage({ kind: 'converting' });
            setFollowedJob(job);
          },
        },
      );
      setFollowedJob(null);
      if (answer.code === 200 && answer.data) {
        setStage({ kind: 'done', link: answer.data, fileName: song.name });
        void queryClient.invalidateQueries({ queryKey: apiKeys.make });
      } else {
        setStage({
          kind: 'failed',
          message: errorMessage(new ApiError(answer.code, answer.message)),
        });
      }
    } catch (error) {
      setFollowedJob(null);
      setStage({ kind: 'failed', message: errorMessage(error) });
    }
  }

  return (
    <>
      <h1>Song Maker</h1>
      <p>
        Turn a song into a nightcore or slowed version: choose a file and a speed, listen to a
        preview, then convert it to an MP3 you can download for 7 days.
      </p>
      <Form onSubmit={convert} aria-label="Song maker">
        <Field>
          <label htmlFor={fileId}>Song file</label>
          <input
            id={fileId}
            name="song"
            type="file"
            accept={ACCEPT}
            disabled={busy}
            onChange={(event) => {
              preview.current?.stop();
              setPreviewing(false);
              setPreviewProblem(null);
              setFile(event.target.files?.[0] ?? null);
            }}
          />
          <Hint>
            Accepted types: {MAKER_FILE_TYPES.join(', ')}. Maximum 10MB. Raw PCM must be 16-bit,
            44.1 kHz stereo.
          </Hint>
        </Field>
        <Field>
          <label htmlFor={speedId}>
            Speed: {speedPercent(speed)} ({describeSpeed(speed)})
          </label>
          <input
            id={speedId}
            name="speed"
            type="range"
            min={MAKER_SPEED_MIN}
            max={MAKER_SPEED_MAX}
            step={1}
            defaultValue={defaultSpeed}
            disabled={busy}
            aria-valuetext={`${speedPercent(speed)}, ${describeSpeed(speed)}`}
            onChange={(event) => setSpeed(Number(event.target.value))}
          />
          <Hint>
            {speed < 0 ? 'Slower and lower' : speed > 0 ? 'Faster and higher' : 'Unchanged'}
            {reverb ? ', with reverb' : ''}: the pitch follows the speed.
          </Hint>
        </Field>
        <Actions>
          <Button
            type="button"
            variant="secondary"
            disabled={!file || busy || !canPreview()}
            onClick={() => void togglePreview()}
          >
            {previewing ? 'Stop preview' : 'Preview'}
          </Button>
          <Button type="submit" disabled={busy}>
            Convert
          </Button>
        </Actions>
        {previewProblem && <Hint role="status">{previewProblem}</Hint>}
        {stage.kind === 'uploading' && (
          <ProgressRow>
            <span id={`${fileId}-upload`}>Uploading… {Math.round(stage.fraction * 100)}%</span>
            <progress
              aria-labelledby={`${fileId}-upload`}
              max={100}
              value={Math.round(stage.fraction * 100)}
            />
          </ProgressRow>
        )}
        {stage.kind === 'converting' && (
          <ProgressRow>
            <span id={`${fileId}-convert`}>
              {conversion.data?.stage === 'waiting'
                ? 'Waiting for a free converter…'
                : `Converting…${percent === undefined ? '' : ` ${percent}%`}`}
            </span>
            <progress
              aria-labelledby={`${fileId}-convert`}
              max={100}
              {...(percent === undefined ? {} : { value: percent })}
            />
          </ProgressRow>
        )}
        {stage.kind === 'done' && (
          <Result>
            <StatusMessage tone="success">{CONVERTED_MESSAGE}</StatusMessage>
            <a href={stage.link} download>
              Download your converted song
            </a>
          </Result>
        )}
        {stage.kind === 'failed' && <StatusMessage tone="error">{stage.message}</StatusMessage>}
      </Form>
      <section aria-labelledby={`${fileId}-history`}>
        <h2 id={`${fileId}-history`}>Your conversions</h2>
        {entries.length === 0 ? (
          <p>No history found.</p>
        ) : (
          <History aria-label="Conversion history">
            {entries.map((entry) => (
              <li key={entry.id}>
                {entry.download_link ? (
                  <a href={entry.download_link} download>
                    {entry.file_name}
                  </a>
                ) : (
                  <span>{entry.file_name}</span>
                )}
                <span>
                  {fileSizeText(entry.file_size)} · {formatLongUsDate(entry.created)}
                  {entry.download_link ? '' : ' · expired'}
                </span>
              </li>
            ))}
          </History>
        )}
      </section>
    </>
  );
}
