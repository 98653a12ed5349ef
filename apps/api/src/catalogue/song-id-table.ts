import type { BuildSlice } from './build-slice.ts';
import { textHash } from './exact-texts.ts';
import type { PartsReader, PartsWriter } from './stored-parts.ts';

/**
 * The built songs' numbers by video id: an open-addressing table (twice as many slots as songs,
 * a full slot's neighbours probed in turn) of song numbers, the ids themselves read from where
 * the copy keeps them. 8 bytes a song in one typed array, where a `Map` from id to number held an
 * entry per song on the heap.
 */
export class SongIdTable {
  private constructor(
    /** Each slot's song number + 1 (0: an empty slot). */
    private readonly slots: Int32Array,
    /** Whether a song's id is the one looked up (the ids are the copy's own). */
    private readonly hasId: (song: number, youtubeId: string) => boolean,
  ) {}

  /**
   * The table of songs 0..songCount-1, whose ids (distinct) `idOf` reads; `hasId` compares one
   * with an id looked up (it may do so without reading the id out).
   */
  static async build(
    songCount: number,
    idOf: (song: number) => string,
    slice: BuildSlice,
    hasId = (song: number, youtubeId: string) => idOf(song) === youtubeId,
  ): Promise<SongIdTable> {
    // A power of two with at least one empty slot for each full one: probes end soon.
    let capacity = 2;
    while (capacity < 2 * songCount) capacity *= 2;
    const mask = capacity - 1;
    const slots = new Int32Array(capacity);
    for (let song = 0; song < songCount; song++) {
      let slot = textHash(idOf(song)) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = song + 1;
      if (slice.spent) await slice.next();
    }
    return new SongIdTable(slots, hasId);
  }

  /** Its slots' part in a stored copy; the ids are the copy's own. */
  stored(parts: PartsWriter): number {
    return parts.add(this.slots);
  }

  static fromStored(
    slots: number,
    parts: PartsReader,
    hasId: (song: number, youtubeId: string) => boolean,
  ) {
    return new SongIdTable(parts.int32(slots), hasId);
  }

  /** The number of the song with this id, or undefined when there is none. */
  get(youtubeId: string): number | undefined {
    const mask = this.slots.length - 1;
    for (let slot = textHash(youtubeId) & mask; this.slots[slot] !== 0; slot = (slot + 1) & mask) {
      const song = this.slots[slot]! - 1;
      if (this.hasId(song, youtubeId)) return song;
    }
    return undefined;
  }
}
