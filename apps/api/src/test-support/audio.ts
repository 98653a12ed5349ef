import { execFile } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs ffmpeg quietly (errors only), writing over an output already there. */
export const ffmpeg = (args: string[]) =>
  run('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);

/** ffmpeg's input options for a 44.1 kHz sine of this length. */
const sine = (seconds: number, frequency = 440) => [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`,
];

/** What ffprobe says of one entry of a file (such as `format=duration`), as text. */
async function probe(file: string, entry: string): Promise<string> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    entry,
    '-of',
    'default=noprint_wrappers=1:nokey=1',
    file,
  ]);
  return stdout.trim();
}

/** The accepted types as test files: name, and the ffmpeg output options that make one. */
export const toneFormats = {
  mp3: { fileName: 'tone.mp3', options: ['-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3'] },
  wav: { fileName: 'tone.wav', options: ['-f', 'wav'] },
  pcm: { fileName: 'tone.pcm', options: ['-c:a', 'pcm_s16le', '-f', 's16le'] },
  aiff: { fileName: 'tone.aiff', options: ['-f', 'aiff'] },
  aac: { fileName: 'tone.aac', options: ['-c:a', 'aac', '-f', 'adts'] },
  m4a: { fileName: 'tone.m4a', options: ['-c:a', 'aac', '-f', 'ipod'] },
  flac: { fileName: 'tone.flac', options: ['-f', 'flac'] },
  alac: { fileName: 'tone-alac.m4a', options: ['-c:a', 'alac', '-f', 'ipod'] },
} as const;

export type ToneFormat = keyof typeof toneFormats;

/** A stereo 44.1 kHz sine, made by ffmpeg, tagged with a title where the type holds tags. */
export async function makeTone(
  folder: string,
  format: ToneFormat,
  { seconds = 4, frequency = 440, title = 'Test Tone' } = {},
): Promise<string> {
  const { fileName, options } = toneFormats[format];
  const output = path.join(folder, fileName);
  await ffmpeg([
    ...sine(seconds, frequency),
    '-ac',
    '2',
    '-metadata',
    `title=${title}`,
    ...options,
    output,
  ]);
  return output;
}

/** Silence of any length as FLAC: a few kilobytes a minute. */
export async function makeSilentFlac(folder: string, seconds: number): Promise<string> {
  const output = path.join(folder, `silence-${seconds}.flac`);
  await ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', String(seconds), output]);
  return output;
}

/**
 * Makes a FLAC lie about its length, as a decompression bomb does: STREAMINFO's total sample count
 * (the low 36 bits of bytes 18 to 25) becomes 0, "unknown".
 */
export async function hideFlacLength(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    const bytes = Buffer.alloc(8);
    await handle.read(bytes, 0, 8, 18);
    bytes[3] = bytes[3]! & 0xf0;
    bytes.fill(0, 4);
    await handle.write(bytes, 0, 8, 18);
  } finally {
    await handle.close();
  }
}

export async function probeDuration(file: string): Promise<number> {
  return Number(await probe(file, 'format=duration'));
}

export async function probeTitle(file: string): Promise<string | undefined> {
  return (await probe(file, 'format_tags=title')) || undefined;
}

/** The dominant frequency of a tone, from the zero crossings of its middle second. */
export async function measureFrequency(file: string): Promise<number> {
  const raw = path.join(path.dirname(file), `${path.basename(file)}.raw`);
  await ffmpeg(['-i', file, '-ac', '1', '-ar', '44100', '-f', 's16le', raw]);
  const bytes = await readFile(raw);
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
  const start = Math.floor(samples.length / 2 - 22_050);
  let crossings = 0;
  for (let index = start + 1; index < start + 44_100; index += 1) {
    if (samples[index - 1]! < 0 !== samples[index]! < 0) crossings += 1;
  }
  return crossings / 2;
}

/** A multipart form with files, as a browser sends it, for `app.inject`. */
export function multipartWithFiles(
  fields: Record<string, string>,
  files: { field: string; fileName: string; content: Buffer }[],
) {
  const boundary = '----fansite-maker-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The tags a music library writes, which a converted song keeps. */
export const songTags = { title: 'Cover Song', artist: 'Some Artist', album: 'Some Album' };
const tagOptions = Object.entries(songTags).flatMap(([key, value]) => [
  '-metadata',
  `${key}=${value}`,
]);

/**
 * A 400×400 JPEG of noise, as large (about 170 KB) as the cover art music stores embed: it makes
 * an MP3's ID3 tag far larger than the first 64 KB of the file.
 */
async function makeCoverArt(folder: string): Promise<string> {
  const output = path.join(folder, 'cover.jpg');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'nullsrc=s=400x400,geq=random(1)*255:random(2)*255:random(3)*255',
    '-frames:v',
    '1',
    '-q:v',
    '2',
    output,
  ]);
  return output;
}

/**
 * Songs as a music library holds them: title, artist and album tags, and the cover art embedded
 * the way each type embeds it (an ID3 APIC frame, an iTunes `covr` atom, a FLAC PICTURE block).
 */
export const coveredFormats = {
  mp3: { fileName: 'covered.mp3', options: ['-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3'] },
  m4a: { fileName: 'covered.m4a', options: ['-c:a', 'aac', '-f', 'ipod'] },
  flac: { fileName: 'covered.flac', options: ['-f', 'flac'] },
} as const;

export async function makeCoveredSong(
  folder: string,
  format: keyof typeof coveredFormats,
  { seconds = 4 } = {},
): Promise<string> {
  const { fileName, options } = coveredFormats[format];
  const output = path.join(folder, fileName);
  await ffmpeg([
    ...sine(seconds),
    '-i',
    await makeCoverArt(folder),
    '-map',
    '0',
    '-map',
    '1',
    '-ac',
    '2',
    '-c:v',
    'mjpeg',
    '-q:v',
    '2',
    '-disposition:v',
    'attached_pic',
    ...tagOptions,
    ...options,
    output,
  ]);
  return output;
}

/** What a probe says of a file's streams and tags. */
export async function probeStreams(file: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name:stream_disposition=attached_pic:format_tags',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(stdout) as {
    streams: { codec_type: string; codec_name: string; disposition: { attached_pic: number } }[];
    format: { tags?: Record<string, string> };
  };
  return { streams: parsed.streams, tags: parsed.format.tags ?? {} };
}

/**
 * Audio in the codecs other than plain PCM that WAV and AIFF hold: Audacity's AIFC exports
 * (µ-law, A-law, IMA ADPCM) and telephone-quality µ-law WAV.
 */
export const codecFormats = {
  'AIFC µ-law': {
    fileName: 'mulaw.aifc',
    options: ['-ac', '2', '-c:a', 'pcm_mulaw', '-f', 'aiff'],
  },
  'AIFC A-law': { fileName: 'alaw.aifc', options: ['-ac', '2', '-c:a', 'pcm_alaw', '-f', 'aiff'] },
  'AIFC IMA ADPCM': {
    fileName: 'ima.aifc',
    options: ['-ac', '2', '-c:a', 'adpcm_ima_qt', '-f', 'aiff'],
  },
  'WAV µ-law 8 kHz': {
    fileName: 'mulaw-8k.wav',
    options: ['-ar', '8000', '-ac', '1', '-c:a', 'pcm_mulaw', '-f', 'wav'],
  },
} as const;

export async function makeCodecSong(
  folder: string,
  format: keyof typeof codecFormats,
  { seconds = 4 } = {},
): Promise<string> {
  const { fileName, options } = codecFormats[format];
  const output = path.join(folder, fileName);
  await ffmpeg([...sine(seconds), ...tagOptions, ...options, output]);
  return output;
}

/** The ID3v2 tag at the start of an MP3 (header, frames and padding), as its bytes. */
export function id3TagOf(mp3: Buffer): Buffer {
  if (mp3.subarray(0, 3).toString('latin1') !== 'ID3') throw new Error('no ID3v2 tag');
  const size = (mp3[6]! << 21) | (mp3[7]! << 14) | (mp3[8]! << 7) | mp3[9]!;
  return mp3.subarray(0, 10 + size);
}

/** A short MP4 video (MPEG-4 picture and AAC sound), as a phone records one. */
export async function makeVideoClip(folder: string): Promise<string> {
  const output = path.join(folder, 'clip.mp4');
  await ffmpeg([
    ...sine(2),
    '-f',
    'lavfi',
    '-i',
    'testsrc=d=2:s=160x120',
    '-c:a',
    'aac',
    '-c:v',
    'mpeg4',
    '-f',
    'mp4',
    output,
  ]);
  return output;
}
