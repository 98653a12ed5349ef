import { describe, expect, it } from 'vitest';
import { BuildSlice } from './build-slice.ts';
import { SongIdTable } from './song-id-table.ts';

describe('SongIdTable', () => {
  it("finds every song's number by its id, and none for an id it lacks", async () => {
    const ids = Array.from(
      { length: 5_000 },
      (_, index) => `video${String(index).padStart(6, '0')}`,
    );
    const table = await SongIdTable.build(ids.length, (song) => ids[song]!, new BuildSlice());
    expect(ids.every((id, song) => table.get(id) === song)).toBe(true);
    expect(table.get('missing0000')).toBeUndefined();
    expect(table.get('')).toBeUndefined();
  });

  it('is empty for no songs', async () => {
    const table = await SongIdTable.build(0, () => '', new BuildSlice());
    expect(table.get('anything00')).toBeUndefined();
  });
});
