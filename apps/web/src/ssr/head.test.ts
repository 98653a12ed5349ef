import { createApiClient, createQueries } from '@fansite/api-client';
import { loadBrand } from '@fansite/brand-config';
import type { Song } from '@fansite/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { headTags, pageHead } from './head.ts';

const queries = createQueries(createApiClient({ baseUrl: 'http://localhost' }));
const brand = loadBrand('localhost');

const song: Song = {
  youtube_url: 'dQw4w9WgXcQ',
  title: 'Moon <Song> & "Friends"',
  author_name: 'Artist',
  category_id: 'emotional',
  category_name: 'Sad & Emotional',
  date_added: '2024-01-01',
  new: 'false',
  duration: 200,
  description: 'A song\n\nfor the night.',
  next: null,
  next_title: null,
  previous: null,
  first_song: 'dQw4w9WgXcQ',
};

describe('page heads', () => {
  it("give a song page the song's title, artist, thumbnail and its start in the address", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      queries.song.get({ s: song.youtube_url, p: 'emotional' }, null).queryKey,
      song,
    );
    const head = pageHead({
      routeId: '/song',
      search: { s: song.youtube_url, p: 'emotional', t: 42 },
      brand,
      queryClient,
      queries,
    });
    expect(head.title).toBe('Moon <Song> & "Friends" | Nightcore');
    expect(head.description).toBe('Moon <Song> & "Friends" by Artist. A song for the night.');
    expect(head.image).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(head.canonicalPath).toBe('/song?s=dQw4w9WgXcQ&p=emotional&t=42');

    const tags = headTags(head, {
      origin: 'https://nightcore.example',
      siteName: brand.siteName,
      withTitle: true,
    });
    // Every value is escaped: nothing from the catalogue can open a tag or end an attribute.
    expect(tags).toContain(
      '<title>Moon &lt;Song&gt; &amp; &quot;Friends&quot; | Nightcore</title>',
    );
    expect(tags).toContain(
      '<meta property="og:url" content="https://nightcore.example/song?s=dQw4w9WgXcQ&amp;p=emotional&amp;t=42" />',
    );
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('give a page without data its name and the brand, and no picture', () => {
    const head = pageHead({
      routeId: '/faq',
      search: {},
      brand,
      queryClient: new QueryClient(),
      queries,
    });
    expect(head).toMatchObject({ title: 'FAQ | Nightcore', canonicalPath: '/faq' });
    const tags = headTags(head, {
      origin: 'http://localhost',
      siteName: 'Nightcore',
      withTitle: false,
    });
    expect(tags).not.toContain('<title>');
    expect(tags).not.toContain('og:image');
    expect(tags).toContain('<link rel="canonical" href="http://localhost/faq" />');
  });
});
