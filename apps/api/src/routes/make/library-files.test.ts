import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codecFormats,
  coveredFormats,
  id3TagOf,
  makeCodecSong,
  makeCoveredSong,
  makeTone,
  makeVideoClip,
  measureFrequency,
  multipartWithFiles,
  probeDuration,
  probeStreams,
  songTags,
} from '../../test-support/audio.ts';
import { postSong, startMakerApp } from '../../test-support/maker.ts';

/** Files as music libraries, taggers and audio editors write them, not only ffmpeg's plain tones. */
describe('song maker with files from a music library', () => {
  let harness: Awaited<ReturnType<typeof startMakerApp>>;
  let folder: string;

  beforeAll(async () => {
    harness = await startMakerApp('pglite', 'maker-library-', {
      // One person converts every file here: more than a day's songs.
      maker: { limits: { dailyPerPerson: 1000 } },
    });
    folder = harness.folder;
  }, 60_000);
  afterAll(() => harness.close());

  async function convert(fileName: string, content: Buffer) {
    const form = multipartWithFiles({ speed: '25' }, [{ field: 'file', fileName, content }]);
    const response = await postSong(harness.app, harness.subscriber, form);
    return response.json() as { code: number; message: string; data: string | null };
  }

  /** Converts and downloads; the result is checked to be the song a quarter faster. */
  async function convertsToSong(fileName: string, content: Buffer, seconds = 4) {
    const answer = await convert(fileName, content);
    expect(answer).toMatchObject({ code: 200, message: 'Your song has been converted!' });
    const download = await harness.app.inject({ method: 'GET', url: answer.data! });
    const result = path.join(folder, `result-${path.basename(fileName)}.mp3`);
    await writeFile(result, download.rawPayload);
    expect(Math.abs((await probeDuration(result)) - seconds / 1.25)).toBeLessThan(0.1);
    expect(Math.abs((await measureFrequency(result)) - 550)).toBeLessThan(11);
    expect(await readdir(path.join(folder, 'maker', 'work'))).toEqual([]);
    return result;
  }

  it.each(Object.keys(coveredFormats) as (keyof typeof coveredFormats)[])(
    'converts %s with cover art, keeping the cover, title, artist and album',
    async (format) => {
      const song = await makeCoveredSong(folder, format);
      const { streams } = await probeStreams(song);
      expect(streams.some((stream) => stream.disposition.attached_pic === 1)).toBe(true);
      const result = await convertsToSong(coveredFormats[format].fileName, await readFile(song));
      const made = await probeStreams(result);
      expect(made.streams).toEqual([
        expect.objectContaining({ codec_type: 'audio', codec_name: 'mp3' }),
        expect.objectContaining({
          codec_type: 'video',
          codec_name: 'mjpeg',
          disposition: expect.objectContaining({ attached_pic: 1 }),
        }),
      ]);
      expect(made.tags).toMatchObject({
        title: `${songTags.title} (Nightcore)`,
        artist: songTags.artist,
        album: songTags.album,
      });
    },
  );

  it.each(Object.keys(codecFormats) as (keyof typeof codecFormats)[])(
    'converts %s',
    async (format) => {
      const song = await makeCodecSong(folder, format);
      await convertsToSong(codecFormats[format].fileName, await readFile(song));
    },
  );

  it('converts a FLAC with an ID3v2 tag in front, large or small', async () => {
    const flac = await readFile(await makeTone(folder, 'flac'));
    const coveredMp3 = await readFile(await makeCoveredSong(folder, 'mp3'));
    const largeTag = id3TagOf(coveredMp3);
    // The cover art makes the tag larger than the first 64 KB, where the FLAC header is not.
    expect(largeTag.length).toBeGreaterThan(64 * 1024);
    await convertsToSong('tagged.flac', Buffer.concat([largeTag, flac]));
    const plainMp3 = await readFile(await makeTone(folder, 'mp3'));
    await convertsToSong('small-tag.flac', Buffer.concat([id3TagOf(plainMp3), flac]));
  });

  it('converts an MP3 with two ID3v2 tags, and one with padding after its tag', async () => {
    const coveredMp3 = await readFile(await makeCoveredSong(folder, 'mp3'));
    const plainMp3 = await readFile(await makeTone(folder, 'mp3'));
    // A tagger that adds its own tag in front of the one already there.
    await convertsToSong('two-tags.mp3', Buffer.concat([id3TagOf(plainMp3), coveredMp3]));
    // Zero padding after the tag (its size not counting it), as some taggers leave.
    const tag = id3TagOf(plainMp3);
    const padded = Buffer.concat([tag, Buffer.alloc(4096), plainMp3.subarray(tag.length)]);
    await convertsToSong('padded.mp3', padded);
  });

  it('says which codec it cannot read, rather than calling the file damaged', async () => {
    // A WAV whose format tag names a codec ffmpeg has never heard of.
    const wav = Buffer.from(await readFile(await makeCodecSong(folder, 'WAV µ-law 8 kHz')));
    wav.writeUInt16LE(0x1234, 20);
    expect(await convert('odd.wav', wav)).toEqual({
      code: 415,
      message: 'This file uses a codec the song maker cannot read.',
      data: null,
    });
  });

  it('refuses a video named .m4a, saying why', async () => {
    const video = await makeVideoClip(folder);
    const answer = await convert('clip.m4a', await readFile(video));
    expect(answer).toEqual({
      code: 415,
      message:
        'This file holds video or a picture the song maker does not read (mpeg4): send the audio alone.',
      data: null,
    });
    expect(await readdir(path.join(folder, 'maker', 'work'))).toEqual([]);
  });
});
