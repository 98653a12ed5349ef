import { launch } from '../launcher/launcher.ts';
import { MakerError } from './errors.ts';
import { inputFormats, type AudioKind } from './sniff.ts';

/** The file is not audio ffmpeg can read as the type it was taken for (damaged, cut short). */
class AudioReadError extends MakerError {
  constructor(readonly detail: string) {
    super(400, 'This file could not be read as audio: it may be damaged or cut short.');
    this.name = 'AudioReadError';
  }
}

/** The file's audio is in a codec this ffmpeg has no decoder for. */
class UnreadableCodecError extends MakerError {
  constructor(codecName: string | undefined, longName: string | undefined) {
    // ffprobe names a codec it does not know at all (a WAV format tag of its own) "unknown".
    const known = (name: string | undefined) => (name && name !== 'unknown' ? name : undefined);
    const named = (codecName && codecNames[codecName]) ?? known(longName);
    super(
      415,
      named
        ? `This file uses the ${named} codec, which the song maker cannot read.`
        : 'This file uses a codec the song maker cannot read.',
    );
    this.name = 'UnreadableCodecError';
  }
}

/** The names people know codecs by, where ffmpeg's long names are technical. */
const codecNames: Record<string, string> = {
  pcm_mulaw: 'µ-law',
  pcm_alaw: 'A-law',
  adpcm_ima_qt: 'IMA ADPCM',
  adpcm_ima_wav: 'IMA ADPCM',
  adpcm_ms: 'Microsoft ADPCM',
  mpegh_3d_audio: 'MPEG-H 3D Audio',
};

/** The wall-clock budget ran out: the server is too busy, not the person's fault. */
class ConversionTimeoutError extends MakerError {
  constructor() {
    super(503, 'The conversion took too long. Please try again later.');
    this.name = 'ConversionTimeoutError';
  }
}

/** The result would be longer or larger than the maker makes. */
export class AudioTooLongError extends MakerError {
  constructor(maxOutputSeconds: number) {
    super(
      413,
      `This song is too long: the maker makes songs of up to ${
        maxOutputSeconds >= 120
          ? `${Math.round(maxOutputSeconds / 60)} minutes`
          : `${maxOutputSeconds} seconds`
      }.`,
    );
    this.name = 'AudioTooLongError';
  }
}

interface ToolRun {
  exitCode: number | null;
  stdout: string;
  /** The last few kilobytes of standard error, for the log. */
  stderrTail: string;
  timedOut: boolean;
}

const STDERR_TAIL_BYTES = 4096;
const CONVERSION_NICENESS = 10;
const STDOUT_MAX_BYTES = 256 * 1024;

/**
 * Runs ffmpeg or ffprobe directly (no shell, so no file name or number is ever parsed as a
 * command), killing it when the wall-clock budget is spent. The launcher starts it
 * (`launcher/launcher.ts`): a fork of the server, which holds the catalogue, would pause its
 * event loop.
 */
function runTool(
  command: 'ffmpeg' | 'ffprobe',
  args: string[],
  { timeoutMs, onStdout }: { timeoutMs: number; onStdout?: (chunk: string) => void },
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = launch({
      command,
      args,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      // Conversions yield the processor to the server's own requests: other routes stay quick.
      niceness: CONVERSION_NICENESS,
    });
    let stdout = '';
    let stderrTail = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('stdout', (chunk) => {
      if (stdout.length < STDOUT_MAX_BYTES) stdout += chunk;
      onStdout?.(chunk);
    });
    child.on('stderr', (chunk) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stdout, stderrTail, timedOut });
    });
  });
}

/**
 * The pictures embedded as cover art that are read and kept: JPEG and PNG (what ID3 APIC frames,
 * MP4 `covr` atoms and FLAC PICTURE blocks hold in practice) and BMP (the third `covr` type).
 */
const COVER_DECODERS = ['mjpeg', 'png', 'bmp'];

interface AudioCodec {
  /** ffmpeg's name for the codec's decoders; none when this ffmpeg cannot decode it. */
  decoders: string[];
}

let audioCodecs: Promise<Map<string, AudioCodec>> | undefined;

/**
 * The audio codecs this machine's ffmpeg knows, from `ffmpeg -codecs`, read once. Every audio
 * decoder may open (a WAV or AIFC may hold µ-law, A-law, ADPCM...); video and subtitle decoders
 * may not, so a container cannot bring one in beyond the cover art's.
 */
function knownAudioCodecs(): Promise<Map<string, AudioCodec>> {
  if (audioCodecs) return audioCodecs;
  audioCodecs = runTool('ffmpeg', ['-hide_banner', '-codecs'], { timeoutMs: 30_000 }).then(
    (run) => {
      if (run.exitCode !== 0) throw new Error(`ffmpeg -codecs failed: ${run.stderrTail}`);
      const codecs = new Map<string, AudioCodec>();
      // " DEAIL. mp3   MP3 (MPEG audio layer 3) (decoders: mp3float mp3 ) (encoders: ...)"
      for (const line of run.stdout.split('\n')) {
        const match = /^ ([D.])[E.]A[I.][L.][S.] (\S+) /.exec(line);
        if (!match) continue;
        const [, decodes, name] = match as unknown as [string, string, string];
        const listed = /\(decoders: ([^)]*)\)/.exec(line)?.[1]?.trim().split(/\s+/);
        codecs.set(name, { decoders: decodes === 'D' ? (listed ?? [name]) : [] });
      }
      return codecs;
    },
  );
  // A failure is not kept: the next conversion asks again.
  audioCodecs.catch(() => (audioCodecs = undefined));
  return audioCodecs;
}

async function decoderWhitelist(): Promise<string> {
  const codecs = await knownAudioCodecs();
  return [...[...codecs.values()].flatMap((codec) => codec.decoders), ...COVER_DECODERS].join(',');
}

/** Input options every run shares: the demuxer forced from the sniffed type, local files only. */
async function inputArgs(kind: AudioKind, inputPath: string): Promise<string[]> {
  const format = inputFormats[kind];
  return [
    '-protocol_whitelist',
    'file',
    '-f',
    format.demuxer,
    ...format.demuxerOptions,
    '-codec_whitelist',
    await decoderWhitelist(),
    '-i',
    `file:${inputPath}`,
  ];
}

/** ffmpeg's complaint when a stream needs a decoder left off the whitelist (a video track). */
const NOT_ON_WHITELIST = /Codec \(([\w-]+)\) not on whitelist/;

export interface ProbedAudio {
  /** Seconds, as the file states it (a header can lie: the conversion caps still hold). */
  durationSeconds: number | null;
  title: string | null;
  /** The input stream holding the cover art, kept in the result; null when there is none. */
  coverStream: number | null;
}

interface ProbeOutput {
  streams?: {
    index?: number;
    codec_type?: string;
    codec_name?: string;
    codec_long_name?: string;
    disposition?: { attached_pic?: number };
  }[];
  format?: { duration?: string; tags?: Record<string, string> };
}

export async function probeAudio(
  kind: AudioKind,
  inputPath: string,
  { timeoutMs }: { timeoutMs: number },
): Promise<ProbedAudio> {
  const run = await runTool(
    'ffprobe',
    [
      '-v',
      'error',
      ...(await inputArgs(kind, inputPath)),
      '-show_entries',
      'format=duration:format_tags:stream=index,codec_type,codec_name,codec_long_name:stream_disposition=attached_pic',
      '-of',
      'json',
    ],
    { timeoutMs },
  );
  if (run.timedOut) throw new ConversionTimeoutError();
  if (run.exitCode !== 0) {
    const refused = NOT_ON_WHITELIST.exec(run.stderrTail)?.[1];
    if (refused) {
      throw new MakerError(
        415,
        `This file holds video or a picture the song maker does not read (${refused}): send the audio alone.`,
      );
    }
    throw new AudioReadError(run.stderrTail);
  }
  let parsed: ProbeOutput;
  try {
    parsed = JSON.parse(run.stdout) as ProbeOutput;
  } catch {
    throw new AudioReadError('unreadable probe output');
  }
  const streams = parsed.streams ?? [];
  // The first audio stream is the one converted (`-map 0:a:0`); others and pictures are not decoded.
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  if (!audio) throw new AudioReadError('no audio stream');
  const codec = audio.codec_name ? (await knownAudioCodecs()).get(audio.codec_name) : undefined;
  if (!codec?.decoders.length) {
    throw new UnreadableCodecError(audio.codec_name, audio.codec_long_name);
  }
  const cover = streams.find(
    (stream) =>
      stream.codec_type === 'video' &&
      stream.disposition?.attached_pic === 1 &&
      COVER_DECODERS.includes(stream.codec_name ?? ''),
  );
  const duration = Number(parsed.format?.duration);
  const tags = parsed.format?.tags ?? {};
  const titleKey = Object.keys(tags).find((key) => key.toLowerCase() === 'title');
  const title = titleKey ? tags[titleKey]!.trim() : '';
  return {
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
    title: title || null,
    coverStream: cover?.index ?? null,
  };
}

/** Every result is resampled to this rate before and after the speed change. */
const SAMPLE_RATE = 44_100;

/**
 * The speed change as resampling, not time-stretching: the samples are played at `rate` times
 * their rate, so pitch follows speed as in nightcore and slowed songs.
 */
function speedFilter(rate: number, reverb: boolean): string {
  const filters = [
    `aresample=${SAMPLE_RATE}`,
    `asetrate=${Math.round(SAMPLE_RATE * rate)}`,
    `aresample=${SAMPLE_RATE}`,
  ];
  // A few decaying echoes a room's length apart: the "reverb" of slowed + reverb songs.
  if (reverb) filters.push('aecho=0.8:0.7:40|73|107|151:0.35|0.26|0.19|0.13');
  return filters.join(',');
}

export interface ConvertOptions {
  kind: AudioKind;
  inputPath: string;
  outputPath: string;
  rate: number;
  reverb: boolean;
  title: string;
  /** The input stream of the cover art to keep, from the probe. */
  coverStream: number | null;
  /** The longest result made; longer input (a decompression bomb) is refused at this point. */
  maxOutputSeconds: number;
  maxOutputBytes: number;
  timeoutMs: number;
  /** The expected result length, for progress. */
  expectedSeconds: number | null;
  onProgress?: (fraction: number) => void;
}

/**
 * Converts the input to a good-quality VBR MP3 with the original's tags (title, artist, album...),
 * its cover art and a new title.
 */
export async function convertAudio(options: ConvertOptions): Promise<{ outputSeconds: number }> {
  const { kind, inputPath, outputPath, rate, reverb, title } = options;
  let outputSeconds = 0;
  let pending = '';
  const run = await runTool(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      // A decoding error means a damaged or truncated file: stop rather than convert half of it.
      '-xerror',
      '-threads',
      '1',
      ...(await inputArgs(kind, inputPath)),
      '-map',
      '0:a:0',
      // The cover art is copied as it is (never re-encoded), as the MP3's ID3 front cover.
      ...(options.coverStream === null
        ? ['-vn']
        : ['-map', `0:${options.coverStream}`, '-c:v', 'copy', '-disposition:v:0', 'attached_pic']),
      '-sn',
      '-dn',
      '-map_metadata',
      '0',
      '-af',
      speedFilter(rate, reverb),
      '-c:a',
      'libmp3lame',
      '-q:a',
      '2',
      '-id3v2_version',
      '3',
      '-metadata',
      `title=${title}`,
      '-t',
      String(options.maxOutputSeconds),
      '-fs',
      String(options.maxOutputBytes),
      '-threads',
      '1',
      '-progress',
      'pipe:1',
      '-nostats',
      '-f',
      'mp3',
      '-n',
      `file:${outputPath}`,
    ],
    {
      timeoutMs: options.timeoutMs,
      onStdout: (chunk) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.startsWith('out_time_us=')) continue;
          const microseconds = Number(line.slice('out_time_us='.length));
          if (!Number.isFinite(microseconds) || microseconds < 0) continue;
          outputSeconds = microseconds / 1e6;
          if (options.expectedSeconds) {
            options.onProgress?.(Math.min(1, outputSeconds / options.expectedSeconds));
          }
        }
      },
    },
  );
  if (run.timedOut) throw new ConversionTimeoutError();
  if (run.exitCode !== 0) throw new AudioReadError(run.stderrTail);
  // ffmpeg stops quietly at -t and -fs: reaching either means the song was longer than allowed.
  if (outputSeconds >= options.maxOutputSeconds - 0.5) {
    throw new AudioTooLongError(options.maxOutputSeconds);
  }
  if (outputSeconds <= 0) throw new AudioReadError('no audio decoded');
  return { outputSeconds };
}
