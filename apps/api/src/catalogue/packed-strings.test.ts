import { describe, expect, it } from 'vitest';
import { BuildSlice } from './build-slice.ts';
import { PackedStrings } from './packed-strings.ts';

describe('PackedStrings', () => {
  const texts = [
    '',
    'plain ASCII',
    'Café – naïve 🎵',
    '日本語の説明',
    '<b>kept as written</b>',
    '',
  ];

  it('reads back every string as it was packed, ASCII or not, empty ones included', async () => {
    const packed = await PackedStrings.build(texts, new BuildSlice());
    expect(packed.length).toBe(texts.length);
    expect(texts.map((_, index) => packed.at(index))).toEqual(texts);
  });

  it('leaves the spare bytes after the strings, where writing them changes no string', async () => {
    const packed = await PackedStrings.build(texts, new BuildSlice(), 16);
    expect(packed.end).toBe(texts.reduce((size, text) => size + Buffer.byteLength(text), 0));
    expect(packed.bytes.length).toBe(packed.end + 16);
    packed.bytes.fill(0x7a, packed.end);
    expect(texts.map((_, index) => packed.at(index))).toEqual(texts);
  });

  it('packs a list longer than one slice of build work', async () => {
    const many = Array.from({ length: 50_000 }, (_, index) => `description ${index} é`);
    const packed = await PackedStrings.build(many, new BuildSlice());
    expect([packed.at(0), packed.at(31_337), packed.at(49_999)]).toEqual([
      many[0],
      many[31_337],
      many[49_999],
    ]);
  });

  it('packs strings added one at a time across pieces, a string larger than a piece included', async () => {
    const builder = PackedStrings.builder();
    // Past 4 MB of text in all, so that the strings span several pieces.
    const many = Array.from({ length: 40_000 }, (_, index) => `description ${index} é `.repeat(8));
    const large = 'ü'.repeat(3 * 1024 * 1024);
    const added = [...texts, ...many, large, 'after the large one'];
    for (const text of added) builder.add(text);
    const packed = await builder.finish(new BuildSlice(), 16);
    expect(packed.length).toBe(added.length);
    expect(added.every((text, index) => packed.at(index) === text)).toBe(true);
    expect(packed.bytes.length).toBe(packed.end + 16);
  });

  it('tells whether a string is a given text, ASCII compared in place', async () => {
    const packed = await PackedStrings.build(['J2X5mJ3HDYE', 'Jéja', ''], new BuildSlice());
    expect(packed.is(0, 'J2X5mJ3HDYE')).toBe(true);
    expect(packed.is(0, 'J2X5mJ3HDYF')).toBe(false);
    expect(packed.is(0, 'J2X5mJ3HDY')).toBe(false);
    expect(packed.is(1, 'Jéja')).toBe(true);
    expect(packed.is(1, 'Jeja')).toBe(false);
    expect(packed.is(2, '')).toBe(true);
    expect(packed.is(2, 'x')).toBe(false);
  });
});
