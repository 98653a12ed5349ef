import { describe, expect, it } from 'vitest';
import { BuildSlice } from './build-slice.ts';
import { ExactTexts, textHash } from './exact-texts.ts';

/** Two different texts of the same hash, found among generated ones (always the same two). */
function collidingTexts(): [string, string] {
  const byHash = new Map<number, string>();
  for (let index = 0; ; index++) {
    const text = `song title ${index}`;
    const other = byHash.get(textHash(text));
    if (other !== undefined) return [other, text];
    byHash.set(textHash(text), text);
  }
}

describe('ExactTexts', () => {
  it('finds the songs of a whole text, each text once however many songs share it', async () => {
    const fields = ['sky', 'blue sky', 'sky', 'café ☕ 夜', '', 'sky high', 'blue sky'];
    const exact = await ExactTexts.build(fields, new BuildSlice());
    expect([...exact.songsOf('sky')]).toEqual([0, 2]);
    expect([...exact.songsOf('blue sky')]).toEqual([1, 6]);
    expect([...exact.songsOf('café ☕ 夜')]).toEqual([3]);
    expect([...exact.songsOf('')]).toEqual([4]);
    expect([...exact.songsOf('sky hig')]).toEqual([]);
    expect([...exact.songsOf('Sky')]).toEqual([]);
  });

  it('tells apart two texts of the same hash', async () => {
    const [first, second] = collidingTexts();
    expect(textHash(first)).toBe(textHash(second));
    const exact = await ExactTexts.build([first, second, first], new BuildSlice());
    expect([...exact.songsOf(first)]).toEqual([0, 2]);
    expect([...exact.songsOf(second)]).toEqual([1]);
  });

  it('answers as a map of the texts does, for a catalogue larger than one slice of work', async () => {
    const fields = Array.from({ length: 60_000 }, (_, song) => `title ${song % 45_000}`);
    const exact = await ExactTexts.build(fields, new BuildSlice());
    for (const probe of [0, 1, 44_999, 45_000, 59_999]) {
      const text = `title ${probe}`;
      const expected = fields.flatMap((field, song) => (field === text ? [song] : []));
      expect([...exact.songsOf(text)]).toEqual(expected);
    }
  });
});
