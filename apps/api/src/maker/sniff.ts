import { open } from 'node:fs/promises';
import { MAKER_FILE_TYPES } from '@fansite/contract';

/** The containers the maker reads; aac and alac inside an MP4 box share `m4a`. */
export type AudioKind = 'mp3' | 'wav' | 'pcm' | 'aiff' | 'aac' | 'm4a' | 'flac';

/** How ffmpeg must read each kind: its demuxer is forced, never guessed from the bytes. */
export interface InputFormat {
  /** ffmpeg's `-f` for the input. */
  demuxer: string;
  /** Options the demuxer needs that the file cannot say (raw PCM has no header). */
  demuxerOptions: string[];
}

export const inputFormats: Record<AudioKind, InputFormat> = {
  mp3: { demuxer: 'mp3', demuxerOptions: [] },
  wav: { demuxer: 'wav', demuxerOptions: [] },
  pcm: { demuxer: 's16le', demuxerOptions: ['-ar', '44100', '-ac', '2'] },
  aiff: { demuxer: 'aiff', demuxerOptions: [] },
  aac: { demuxer: 'aac', demuxerOptions: [] },
  m4a: { demuxer: 'mov', demuxerOptions: [] },
  flac: { demuxer: 'flac', demuxerOptions: [] },
};

/** How many bytes the sniffer looks at where the audio begins. */
const SNIFF_BYTES = 64 * 1024;
/** ID3v2 tags in a row that are read past (taggers that add a tag rather than edit one). */
const MAX_ID3_TAGS = 8;
/** Zero bytes after the tags that are read past (taggers pad, so a tag can grow in place). */
const MAX_PADDING_BYTES = 1024 * 1024;

/** Reads up to `length` bytes from `offset`; fewer at the end of the file. */
export type ByteReader = (offset: number, length: number) => Promise<Buffer>;

const kindLabels: Record<AudioKind, string> = {
  mp3: 'MP3',
  wav: 'WAV',
  pcm: 'raw PCM',
  aiff: 'AIFF',
  aac: 'AAC',
  m4a: 'M4A (AAC or ALAC)',
  flac: 'FLAC',
};

/** What each accepted file name extension may contain. */
const kindsByExtension: Record<string, AudioKind[]> = {
  mp3: ['mp3'],
  wav: ['wav'],
  pcm: ['pcm'],
  raw: ['pcm'],
  aif: ['aiff'],
  aiff: ['aiff'],
  aifc: ['aiff'],
  aac: ['aac', 'm4a'],
  m4a: ['m4a'],
  mp4: ['m4a'],
  alac: ['m4a'],
  flac: ['flac'],
};

const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'isom', 'iso2', 'mp41', 'mp42', 'dash']);

export const UNSUPPORTED_TYPE_MESSAGE = `This file is not one of the accepted types (${MAKER_FILE_TYPES.join(', ')}).`;

export type SniffResult = { kind: AudioKind } | { kind: null; message: string };

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/** MPEG audio frame header: layer III is MP3, layer "0" with the ADTS sync is AAC. */
function mpegFrameKind(bytes: Buffer, at: number): AudioKind | null {
  if (at + 4 > bytes.length) return null;
  const first = bytes[at]!;
  const second = bytes[at + 1]!;
  if (first !== 0xff || (second & 0xe0) !== 0xe0) return null;
  const layer = (second >> 1) & 0b11;
  if ((second & 0xf6) === 0xf0) return 'aac';
  const third = bytes[at + 2]!;
  const bitrateIndex = third >> 4;
  const sampleRateIndex = (third >> 2) & 0b11;
  if (layer === 0b01 && bitrateIndex !== 0b1111 && sampleRateIndex !== 0b11) return 'mp3';
  return null;
}

/** The kind the bytes where the audio begins prove, or null. Raw PCM has no signature. */
function kindFromBytes(bytes: Buffer): AudioKind | null {
  if (bytes.length < 4) return null;
  if (ascii(bytes, 0, 4) === 'fLaC') return 'flac';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') return 'wav';
  if (ascii(bytes, 0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(bytes, 8, 12)))
    return 'aiff';
  if (ascii(bytes, 4, 8) === 'ftyp' && M4A_BRANDS.has(ascii(bytes, 8, 12))) return 'm4a';
  return mpegFrameKind(bytes, 0);
}

/** An ID3v2 tag's whole length (header, syncsafe size, footer), or null when none begins here. */
function id3TagLength(bytes: Buffer): number | null {
  if (bytes.length < 10 || ascii(bytes, 0, 3) !== 'ID3') return null;
  if ([6, 7, 8, 9].some((index) => bytes[index]! >= 0x80)) return null;
  const size = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!;
  const hasFooter = (bytes[5]! & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}

/**
 * Where the audio begins: past the ID3v2 tags (cover art makes them hundreds of kilobytes; some
 * taggers add a second one) and the zero padding after them. MP3, AAC and FLAC files carry them.
 */
async function audioStart(read: ByteReader): Promise<{ offset: number; tagged: boolean }> {
  let offset = 0;
  let tagged = false;
  for (let tags = 0; tags < MAX_ID3_TAGS; tags += 1) {
    const length = id3TagLength(await read(offset, 10));
    if (length === null) break;
    offset += length;
    tagged = true;
  }
  if (!tagged) return { offset, tagged };
  const paddingEnd = offset + MAX_PADDING_BYTES;
  while (offset < paddingEnd) {
    const chunk = await read(offset, Math.min(SNIFF_BYTES, paddingEnd - offset));
    const firstUsed = chunk.findIndex((byte) => byte !== 0);
    if (firstUsed >= 0) return { offset: offset + firstUsed, tagged };
    if (chunk.length === 0) break;
    offset += chunk.length;
  }
  return { offset, tagged };
}

/** Text (a playlist, a note) is never raw audio, whose samples hold control bytes. */
function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 4096);
  return sample.every(
    (byte) => byte === 9 || byte === 10 || byte === 13 || (byte >= 32 && byte < 127),
  );
}

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

/** Kinds that may follow ID3v2 tags; after a tag, anything else is not a file we read. */
const TAGGED_KINDS = new Set<AudioKind>(['mp3', 'aac', 'flac']);

/**
 * Decides a file's type from its bytes where the audio begins. Only raw PCM, which has no
 * signature, is named by its extension. A name that claims one accepted type for bytes of another
 * is refused too, so what a person uploads is what they meant.
 */
export async function sniffAudio(read: ByteReader, fileName: string): Promise<SniffResult> {
  const extension = extensionOf(fileName);
  const claimed = kindsByExtension[extension];
  const firstBytes = await read(0, SNIFF_BYTES);
  const start = await audioStart(read);
  const audioBytes = start.offset === 0 ? firstBytes : await read(start.offset, SNIFF_BYTES);
  const kind = kindFromBytes(audioBytes);
  const found = start.tagged && kind && !TAGGED_KINDS.has(kind) ? null : kind;
  if (claimed?.includes('pcm')) {
    if (found || start.tagged) {
      return {
        kind: null,
        message: found
          ? `This file is named .${extension} (raw PCM) but it is ${kindLabels[found]}.`
          : UNSUPPORTED_TYPE_MESSAGE,
      };
    }
    if (looksLikeText(firstBytes)) return { kind: null, message: UNSUPPORTED_TYPE_MESSAGE };
    return { kind: 'pcm' };
  }
  if (!found) return { kind: null, message: UNSUPPORTED_TYPE_MESSAGE };
  if (claimed && !claimed.includes(found)) {
    return {
      kind: null,
      message: `This file is named .${extension} but it is ${kindLabels[found]}.`,
    };
  }
  return { kind: found };
}

/** Sniffs an upload on disk, reading only the bytes the sniffer asks for. */
export async function sniffAudioFile(filePath: string, fileName: string): Promise<SniffResult> {
  const handle = await open(filePath, 'r');
  try {
    return await sniffAudio(async (offset, length) => {
      const bytes = Buffer.alloc(length);
      const { bytesRead } = await handle.read(bytes, 0, length, offset);
      return bytes.subarray(0, bytesRead);
    }, fileName);
  } finally {
    await handle.close();
  }
}
