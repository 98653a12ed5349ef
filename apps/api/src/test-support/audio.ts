import { execFile } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

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
  await run('ffmpeg', [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`,
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
  await run('ffmpeg', [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=8000:cl=mono',
    '-t',
    String(seconds),
    output,
  ]);
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
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=noprint_wrappers=1:nokey=1',
    file,
  ]);
  return Number(stdout.trim());
}

export async function probeTitle(file: string): Promise<string | undefined> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format_tags=title',
    '-of',
    'default=noprint_wrappers=1:nokey=1',
    file,
  ]);
  return stdout.trim() || undefined;
}

/** The dominant frequency of a tone, from the zero crossings of its middle second. */
export async function measureFrequency(file: string): Promise<number> {
  const raw = path.join(path.dirname(file), `${path.basename(file)}.raw`);
  await run('ffmpeg', [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-i',
    file,
    '-ac',
    '1',
    '-ar',
    '44100',
    '-f',
    's16le',
    raw,
  ]);
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
