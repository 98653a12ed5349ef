import { describe, expect, it } from 'vitest';
import { sniffAudio, UNSUPPORTED_TYPE_MESSAGE } from './sniff.ts';

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );

/** Sniffs bytes held in memory, as the upload's file on disk would be read. */
const sniff = (content: Buffer, fileName: string) =>
  sniffAudio(async (offset, length) => content.subarray(offset, offset + length), fileName);

/** An ID3v2.4 tag of `size` bytes of frames (its size is syncsafe: 7 bits a byte). */
const id3Tag = (size: number) =>
  bytes(
    'ID3',
    [4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f],
    Array.from({ length: size }, (_, index) => (index % 251) + 1),
  );

const mp3Frame = [0xff, 0xfb, 0x90, 0x64];
const adtsFrame = [0xff, 0xf1, 0x50, 0x80];

describe('sniffAudio', () => {
  it('reads past ID3v2 tags, however large, several of them, and the padding after', async () => {
    // Cover art makes a tag larger than the first 64 KB the sniffer reads.
    const coverTag = id3Tag(300_000);
    expect(await sniff(bytes(coverTag, mp3Frame), 'a.mp3')).toEqual({ kind: 'mp3' });
    expect(await sniff(bytes(id3Tag(200), id3Tag(5000), mp3Frame), 'a.mp3')).toEqual({
      kind: 'mp3',
    });
    expect(await sniff(bytes(id3Tag(200), new Array(4096).fill(0), mp3Frame), 'a.mp3')).toEqual({
      kind: 'mp3',
    });
    expect(await sniff(bytes(coverTag, 'fLaC', [0, 0, 0, 0x22]), 'a.flac')).toEqual({
      kind: 'flac',
    });
    expect(await sniff(bytes(id3Tag(100), adtsFrame), 'a.aac')).toEqual({ kind: 'aac' });
  });

  it('refuses a tag followed by nothing it reads, and a tagged file named .pcm', async () => {
    expect(await sniff(bytes(id3Tag(300_000)), 'a.mp3')).toEqual({
      kind: null,
      message: UNSUPPORTED_TYPE_MESSAGE,
    });
    expect(
      (await sniff(bytes(id3Tag(100), 'RIFF', [0, 0, 0, 0], 'WAVE'), 'a.wav')).kind,
    ).toBeNull();
    expect((await sniff(bytes(id3Tag(100), mp3Frame), 'a.pcm')).kind).toBeNull();
    expect(await sniff(bytes(id3Tag(100_000), 'fLaC', [0, 0, 0, 0x22]), 'a.mp3')).toEqual({
      kind: null,
      message: 'This file is named .mp3 but it is FLAC.',
    });
  });

  it('finds each accepted type by its first bytes', async () => {
    expect(await sniff(bytes(mp3Frame), 'a.mp3')).toEqual({ kind: 'mp3' });
    expect(await sniff(bytes('ID3', [4, 0, 0, 0, 0, 0, 0], mp3Frame), 'a.mp3')).toEqual({
      kind: 'mp3',
    });
    expect(await sniff(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'a.wav')).toEqual({ kind: 'wav' });
    expect(await sniff(bytes('FORM', [0, 0, 0, 0], 'AIFFCOMM'), 'a.aiff')).toEqual({
      kind: 'aiff',
    });
    expect(await sniff(bytes(adtsFrame), 'a.aac')).toEqual({ kind: 'aac' });
    expect(await sniff(bytes([0, 0, 0, 0x1c], 'ftypM4A '), 'a.m4a')).toEqual({ kind: 'm4a' });
    expect(await sniff(bytes([0, 0, 0, 0x1c], 'ftypM4A '), 'a.aac')).toEqual({ kind: 'm4a' });
    expect(await sniff(bytes('fLaC', [0, 0, 0, 0x22]), 'a.flac')).toEqual({ kind: 'flac' });
  });

  it('lets the bytes decide when the name has no accepted extension', async () => {
    expect(await sniff(bytes('fLaC', [0, 0, 0, 0x22]), 'recording')).toEqual({ kind: 'flac' });
  });

  it('names raw PCM by its extension alone, but never text or another type', async () => {
    expect(await sniff(bytes([0, 0, 0, 0, 0xb5, 0, 0xb5, 0]), 'a.pcm')).toEqual({ kind: 'pcm' });
    expect(await sniff(bytes('just some words\n'), 'a.pcm')).toEqual({
      kind: null,
      message: UNSUPPORTED_TYPE_MESSAGE,
    });
    expect((await sniff(bytes('fLaC', [0, 0, 0, 0x22]), 'a.pcm')).kind).toBeNull();
  });

  it('refuses text, playlists and files whose name claims another type', async () => {
    expect(await sniff(bytes('hello there'), 'a.mp3')).toEqual({
      kind: null,
      message: UNSUPPORTED_TYPE_MESSAGE,
    });
    expect((await sniff(bytes('#EXTM3U\n#EXT-X-VERSION:3\n'), 'a.mp3')).kind).toBeNull();
    expect((await sniff(bytes(), 'a.mp3')).kind).toBeNull();
    expect(await sniff(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'a.mp3')).toEqual({
      kind: null,
      message: 'This file is named .mp3 but it is WAV.',
    });
    // A video container with an unknown brand is not an audio file we read.
    expect((await sniff(bytes([0, 0, 0, 0x1c], 'ftypqt  '), 'a.m4a')).kind).toBeNull();
  });
});
