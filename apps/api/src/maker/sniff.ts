import { MAKER_FILE_TYPES } from '@fansite/contract';

/** The containers the maker reads; aac and alac inside an MP4 box share `m4a`. */
export type AudioKind = 'mp3' | 'wav' | 'pcm' | 'aiff' | 'aac' | 'm4a' | 'flac';

/** How ffmpeg must read each kind: its demuxer is forced, never guessed from the bytes. */
export interface InputFormat {
  /** ffmpeg's `-f` for the input. */
  demuxer: string;
  /** Options the demuxer needs that the file cannot say (raw PCM has no header). */
  demuxerOptions: string[];
  /** The only decoders ffmpeg may open for it, so a container cannot smuggle in another codec. */
  decoders: string[];
}

export const inputFormats: Record<AudioKind, InputFormat> = {
  mp3: { demuxer: 'mp3', demuxerOptions: [], decoders: ['mp3float', 'mp3'] },
  wav: {
    demuxer: 'wav',
    demuxerOptions: [],
    decoders: ['pcm_s16le', 'pcm_s24le', 'pcm_s32le', 'pcm_f32le', 'pcm_f64le', 'pcm_u8'],
  },
  pcm: {
    demuxer: 's16le',
    demuxerOptions: ['-ar', '44100', '-ac', '2'],
    decoders: ['pcm_s16le'],
  },
  aiff: {
    demuxer: 'aiff',
    demuxerOptions: [],
    decoders: [
      'pcm_s16be',
      'pcm_s24be',
      'pcm_s32be',
      'pcm_f32be',
      'pcm_f64be',
      'pcm_s8',
      'pcm_s16le',
    ],
  },
  aac: { demuxer: 'aac', demuxerOptions: [], decoders: ['aac'] },
  m4a: { demuxer: 'mov', demuxerOptions: [], decoders: ['aac', 'alac'] },
  flac: { demuxer: 'flac', demuxerOptions: [], decoders: ['flac'] },
};

/** How many first bytes the sniffer looks at. */
export const SNIFF_BYTES = 64 * 1024;

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

/** The kind the first bytes prove, or null. Raw PCM has no signature and is never found here. */
function kindFromBytes(bytes: Buffer): AudioKind | null {
  if (bytes.length < 4) return null;
  if (ascii(bytes, 0, 4) === 'fLaC') return 'flac';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') return 'wav';
  if (ascii(bytes, 0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(bytes, 8, 12)))
    return 'aiff';
  if (ascii(bytes, 4, 8) === 'ftyp' && M4A_BRANDS.has(ascii(bytes, 8, 12))) return 'm4a';
  if (ascii(bytes, 0, 3) === 'ID3' && bytes.length >= 10) {
    // An ID3v2 tag (often holding cover art) comes before the first frame; its size is syncsafe.
    const size =
      ((bytes[6]! & 0x7f) << 21) |
      ((bytes[7]! & 0x7f) << 14) |
      ((bytes[8]! & 0x7f) << 7) |
      (bytes[9]! & 0x7f);
    const hasFooter = (bytes[5]! & 0x10) !== 0;
    const frameAt = 10 + size + (hasFooter ? 10 : 0);
    // A tag larger than the sniffed bytes hides the first frame: the tag itself is MP3's.
    if (frameAt + 4 > bytes.length) return 'mp3';
    return mpegFrameKind(bytes, frameAt);
  }
  return mpegFrameKind(bytes, 0);
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

/**
 * Decides a file's type from its first bytes. Only raw PCM, which has no signature, is named by
 * its extension. A name that claims one accepted type for bytes of another is refused too, so what
 * a person uploads is what they meant.
 */
export function sniffAudio(firstBytes: Buffer, fileName: string): SniffResult {
  const extension = extensionOf(fileName);
  const claimed = kindsByExtension[extension];
  const found = kindFromBytes(firstBytes);
  if (claimed?.includes('pcm')) {
    if (found) {
      return {
        kind: null,
        message: `This file is named .${extension} (raw PCM) but it is ${kindLabels[found]}.`,
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
