import type { BuildSlice } from './build-slice.ts';
import { PackedStrings, type StoredPackedStrings } from './packed-strings.ts';
import type { PartsReader, PartsWriter } from './stored-parts.ts';

/** The parts of `ExactTexts` in a stored copy. */
export interface StoredExactTexts {
  slotHashes: number;
  slotTexts: number;
  texts: StoredPackedStrings;
  songsStart: number;
  songs: number;
}

const NO_SONGS = new Int32Array(0);

/**
 * The songs whose whole field (a lower-cased title, or artist) is a given text: the exact match a
 * search puts first. A Map from each text to an array of its songs held a string and an array
 * per distinct text on the heap (56 MB at a million songs); this keeps typed arrays and the
 * distinct texts packed outside it. The texts' hashes sit in an open-addressing table
 * (twice as many slots as texts, a full slot's neighbours probed in turn), each text's songs in
 * one flat array.
 */
export class ExactTexts {
  private constructor(
    /** Each slot's text hash, and its text's number + 1 (0: an empty slot). */
    private readonly slotHashes: Int32Array,
    private readonly slotTexts: Int32Array,
    /** The distinct texts, by number, to tell texts of one hash apart. */
    private readonly texts: PackedStrings,
    /** Text t's songs are `songs[songsStart[t] .. songsStart[t + 1])`, ascending. */
    private readonly songsStart: Int32Array,
    private readonly songs: Int32Array,
  ) {}

  /** Indexes song s under `wholeField[s]`, yielding whenever the slice is spent. */
  static async build(wholeField: readonly string[], slice: BuildSlice): Promise<ExactTexts> {
    const songCount = wholeField.length;
    // A power of two with at least one empty slot for each full one: probes end soon.
    let capacity = 2;
    while (capacity < 2 * songCount) capacity *= 2;
    const mask = capacity - 1;
    const slotHashes = new Int32Array(capacity);
    const slotTexts = new Int32Array(capacity);
    const distinct: string[] = [];
    const textOfSong = new Int32Array(songCount);
    const songsPerText = new Int32Array(songCount);
    for (let song = 0; song < songCount; song++) {
      const text = wholeField[song]!;
      const hash = textHash(text);
      let slot = hash & mask;
      while (
        slotTexts[slot] !== 0 &&
        !(slotHashes[slot] === hash && distinct[slotTexts[slot]! - 1] === text)
      ) {
        slot = (slot + 1) & mask;
      }
      if (slotTexts[slot] === 0) {
        distinct.push(text);
        slotHashes[slot] = hash;
        slotTexts[slot] = distinct.length;
      }
      const number = slotTexts[slot]! - 1;
      textOfSong[song] = number;
      songsPerText[number]!++;
      if (slice.spent) await slice.next();
    }
    const songsStart = new Int32Array(distinct.length + 1);
    for (let number = 0; number < distinct.length; number++) {
      songsStart[number + 1] = songsStart[number]! + songsPerText[number]!;
    }
    const songs = new Int32Array(songCount);
    const next = songsStart.slice(0, distinct.length);
    for (let song = 0; song < songCount; song++) {
      songs[next[textOfSong[song]!]!++] = song;
      if (slice.spent) await slice.next();
    }
    const texts = await PackedStrings.build(distinct, slice);
    return new ExactTexts(slotHashes, slotTexts, texts, songsStart, songs);
  }

  stored(parts: PartsWriter): StoredExactTexts {
    return {
      slotHashes: parts.add(this.slotHashes),
      slotTexts: parts.add(this.slotTexts),
      texts: this.texts.stored(parts),
      songsStart: parts.add(this.songsStart),
      songs: parts.add(this.songs),
    };
  }

  static fromStored(stored: StoredExactTexts, parts: PartsReader): ExactTexts {
    return new ExactTexts(
      parts.int32(stored.slotHashes),
      parts.int32(stored.slotTexts),
      PackedStrings.fromStored(stored.texts, parts),
      parts.int32(stored.songsStart),
      parts.int32(stored.songs),
    );
  }

  /** The songs whose whole field is `text`, ascending; empty when there are none. */
  songsOf(text: string): Int32Array {
    const hash = textHash(text);
    const mask = this.slotTexts.length - 1;
    for (let slot = hash & mask; this.slotTexts[slot] !== 0; slot = (slot + 1) & mask) {
      const number = this.slotTexts[slot]! - 1;
      if (this.slotHashes[slot] === hash && this.texts.at(number) === text) {
        return this.songs.subarray(this.songsStart[number]!, this.songsStart[number + 1]!);
      }
    }
    return NO_SONGS;
  }
}

/** FNV-1a over the text's UTF-16 code units, as a 32-bit integer. */
export function textHash(text: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let at = 0; at < text.length; at++) {
    hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  }
  return hash;
}
