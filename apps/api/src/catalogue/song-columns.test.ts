import { describe, expect, it } from 'vitest';
import type { SongRow } from '../repositories/catalogue-rows.ts';
import { BuildSlice } from './build-slice.ts';
import { SongColumns } from './song-columns.ts';

function row(youtubeId: string, overrides: Partial<SongRow> = {}): SongRow {
  return {
    youtube_url: youtubeId,
    title: `Title of ${youtubeId}`,
    author_name: 'Nova Crew',
    category_id: 'chill',
    category_name: 'Chill',
    date_added: '2024-02-01T10:00:00Z',
    new: 'false',
    duration: 100,
    description: `About ${youtubeId} – é`,
    ...overrides,
  };
}

describe('SongColumns', () => {
  it('gives back each row added page by page as its summary and description', async () => {
    const pages = [
      [row('first000001'), row('second00002', { new: 'true', duration: 245 })],
      [row('third000003', { author_name: 'Zoë', category_id: 'gaming', category_name: 'Gaming' })],
    ];
    const columns = new SongColumns();
    for (const page of pages) columns.add(page);
    const rows = pages.flat();
    expect(columns.length).toBe(3);
    expect(rows.map((_, index) => columns.summary(index))).toEqual(
      rows.map(({ description: _description, ...summary }) => summary),
    );
    const descriptions = await columns.packedDescriptions(new BuildSlice());
    expect(rows.map((_, index) => descriptions.at(index))).toEqual(
      rows.map((song) => song.description),
    );
  });
});
