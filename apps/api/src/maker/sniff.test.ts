import { describe, expect, it } from 'vitest';
import { sniffAudio, UNSUPPORTED_TYPE_MESSAGE } from './sniff.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );

const mp3Frame = [0xff, 0xfb, 0x90, 0x64];
const adtsFrame = [0xff, 0xf1, 0x50, 0x80];

describe('sniffAudio', () => {
  it('finds each accepted type by its first bytes', () => {
    expect(sniffAudio(bytes(mp3Frame), 'a.mp3')).toEqual({ kind: 'mp3' });
    expect(sniffAudio(bytes('ID3', [4, 0, 0, 0, 0, 0, 0], mp3Frame), 'a.mp3')).toEqual({
      kind: 'mp3',
    });
    expect(sniffAudio(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'a.wav')).toEqual({ kind: 'wav' });
    expect(sniffAudio(bytes('FORM', [0, 0, 0, 0], 'AIFFCOMM'), 'a.aiff')).toEqual({ kind: 'aiff' });
    expect(sniffAudio(bytes(adtsFrame), 'a.aac')).toEqual({ kind: 'aac' });
    expect(sniffAudio(bytes([0, 0, 0, 0x1c], 'ftypM4A '), 'a.m4a')).toEqual({ kind: 'm4a' });
    expect(sniffAudio(bytes([0, 0, 0, 0x1c], 'ftypM4A '), 'a.aac')).toEqual({ kind: 'm4a' });
    expect(sniffAudio(bytes('fLaC', [0, 0, 0, 0x22]), 'a.flac')).toEqual({ kind: 'flac' });
  });

  it('lets the bytes decide when the name has no accepted extension', () => {
    expect(sniffAudio(bytes('fLaC', [0, 0, 0, 0x22]), 'recording')).toEqual({ kind: 'flac' });
  });

  it('names raw PCM by its extension alone, but never text or another type', () => {
    expect(sniffAudio(bytes([0, 0, 0, 0, 0xb5, 0, 0xb5, 0]), 'a.pcm')).toEqual({ kind: 'pcm' });
    expect(sniffAudio(bytes('just some words\n'), 'a.pcm')).toEqual({
      kind: null,
      message: UNSUPPORTED_TYPE_MESSAGE,
    });
    expect(sniffAudio(bytes('fLaC', [0, 0, 0, 0x22]), 'a.pcm').kind).toBeNull();
  });

  it('refuses text, playlists and files whose name claims another type', () => {
    expect(sniffAudio(bytes('hello there'), 'a.mp3')).toEqual({
      kind: null,
      message: UNSUPPORTED_TYPE_MESSAGE,
    });
    expect(sniffAudio(bytes('#EXTM3U\n#EXT-X-VERSION:3\n'), 'a.mp3').kind).toBeNull();
    expect(sniffAudio(bytes(), 'a.mp3').kind).toBeNull();
    expect(sniffAudio(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'a.mp3')).toEqual({
      kind: null,
      message: 'This file is named .mp3 but it is WAV.',
    });
    // A video container with an unknown brand is not an audio file we read.
    expect(sniffAudio(bytes([0, 0, 0, 0x1c], 'ftypqt  '), 'a.m4a').kind).toBeNull();
  });
});
