import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_CHANNEL_VIDEOS,
  atomChannelFeed,
  startFakeYouTube,
} from '../test-support/fake-youtube.ts';
import {
  FEED_CACHE_MS,
  channelFeedQuery,
  createChannelFeedReader,
  parseChannelFeed,
} from './channel-feed.ts';

const CHANNEL = 'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv';

describe('channelFeedQuery', () => {
  it('reads channel and legacy user links', () => {
    expect(channelFeedQuery(CHANNEL)?.toString()).toBe('channel_id=UCabcdefghijklmnopqrstuv');
    expect(channelFeedQuery('https://youtube.com/user/SomeSinger/videos')?.toString()).toBe(
      'user=SomeSinger',
    );
  });

  it('reads the channel id a link was resolved to, whatever the link', () => {
    expect(
      channelFeedQuery('https://m.youtube.com/@alice', 'UCabcdefghijklmnopqrstuv')?.toString(),
    ).toBe('channel_id=UCabcdefghijklmnopqrstuv');
    expect(
      channelFeedQuery('https://music.youtube.com/channel/UCabcdefghijklmnopqrstuv')?.toString(),
    ).toBe('channel_id=UCabcdefghijklmnopqrstuv');
  });

  it('gives nothing for unresolved handles, other sites and malformed links', () => {
    expect(channelFeedQuery('https://www.youtube.com/@alice')).toBeNull();
    expect(channelFeedQuery('https://evil.example/channel/UCabcdefghijklmnopqrstuv')).toBeNull();
    expect(channelFeedQuery('not a url')).toBeNull();
  });
});

describe('parseChannelFeed', () => {
  it('keeps title and date by video id, newest first, with entities decoded', () => {
    const videos = parseChannelFeed(atomChannelFeed([...FAKE_CHANNEL_VIDEOS].reverse()));
    expect(Object.keys(videos)[0]).toBe('fakeVideo00');
    expect(videos.fakeVideo00).toEqual({
      title: 'Upload number 1 & more',
      date_added: '2026-01-20T12:00:00.000Z',
    });
    expect(Object.keys(videos)).toHaveLength(12);
  });

  it('decodes numeric character references and the entities XML defines, as a browser does', () => {
    // Entries as YouTube writes them (its feeds escape an apostrophe as &#39;), in the shape of a
    // captured feed (jocmp/capyreader, rssparser/src/test/resources/atom-feed-youtube.xml).
    const entry = (id: string, title: string, published: string) => `
    <entry>
        <id>yt:video:${id}</id>
        <yt:videoId>${id}</yt:videoId>
        <yt:channelId>UC9PBzalIcEQCsiIkq36PyUA</yt:channelId>
        <title>${title}</title>
        <link rel="alternate" href="https://www.youtube.com/watch?v=${id}"/>
        <published>${published}</published>
        <media:group><media:title>${title}</media:title></media:group>
    </entry>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
    <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=UC9PBzalIcEQCsiIkq36PyUA"/>
    <id>yt:channel:9PBzalIcEQCsiIkq36PyUA</id>
    <title>Digital Foundry</title>
    ${entry('7vihrmynaRI', 'Digital Foundry&#39;s Best Game Graphics of 2024', '2024-12-28T15:45:48+00:00')}
    ${entry('W_S7iKZZdHw', 'Caf&#233; &amp; Ch&#xE8;vre &lt;Live&gt; &quot;2025&quot; &apos;hi&apos;', '2025-01-01T16:07:24+00:00')}
</feed>`;
    expect(parseChannelFeed(xml)).toEqual({
      W_S7iKZZdHw: {
        title: 'Café & Chèvre <Live> "2025" \'hi\'',
        date_added: '2025-01-01T16:07:24+00:00',
      },
      '7vihrmynaRI': {
        title: "Digital Foundry's Best Game Graphics of 2024",
        date_added: '2024-12-28T15:45:48+00:00',
      },
    });
  });

  it('does not expand entities a feed declares itself', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY big "BIGBIGBIG">]>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:yt="http://www.youtube.com/xml/schemas/2015">
<entry><yt:videoId>W_S7iKZZdHw</yt:videoId><title>&big;</title><published>2025-01-01T16:07:24+00:00</published></entry></feed>`;
    expect(parseChannelFeed(xml).W_S7iKZZdHw!.title).not.toContain('BIG');
  });

  it('refuses a document that is not a feed', () => {
    expect(() => parseChannelFeed('<html><body>Sorry</body></html>')).toThrow();
  });
});

describe('createChannelFeedReader', () => {
  let feed: Awaited<ReturnType<typeof startFakeYouTube>>;
  let clock = 0;
  beforeAll(async () => {
    feed = await startFakeYouTube();
  });
  afterAll(() => feed.close());
  beforeEach(() => {
    feed.requests.length = 0;
    feed.fail(null);
    feed.setVideos(FAKE_CHANNEL_VIDEOS);
    clock = 1_000_000;
  });

  const reader = () => createChannelFeedReader({ baseUrl: feed.url, now: () => clock });

  it('asks the feed once an hour per channel', async () => {
    const feeds = reader();
    await feeds.videos(CHANNEL);
    await Promise.all([feeds.videos(CHANNEL), feeds.videos(CHANNEL)]);
    clock += FEED_CACHE_MS - 1;
    await feeds.videos(CHANNEL);
    expect(feed.requests).toEqual(['/feeds/videos.xml?channel_id=UCabcdefghijklmnopqrstuv']);

    feed.setVideos(FAKE_CHANNEL_VIDEOS.slice(0, 1));
    clock += 2;
    expect(Object.keys(await feeds.videos(CHANNEL))).toEqual(['fakeVideo00']);
    expect(feed.requests).toHaveLength(2);
  });

  it('keeps the last good copy when the feed fails, and an empty map without one', async () => {
    const feeds = reader();
    feed.fail(500);
    expect(await feeds.videos(CHANNEL)).toEqual({});

    feed.fail(null);
    clock += FEED_CACHE_MS;
    expect(Object.keys(await feeds.videos(CHANNEL))).toHaveLength(12);

    feed.fail(503);
    clock += FEED_CACHE_MS;
    expect(Object.keys(await feeds.videos(CHANNEL))).toHaveLength(12);
  });

  it('gives no videos, without asking, for a link with no feed', async () => {
    expect(await reader().videos('https://www.youtube.com/@alice')).toEqual({});
    expect(feed.requests).toEqual([]);
  });

  it('gives no videos when the feed cannot be reached', async () => {
    const feeds = createChannelFeedReader({ baseUrl: 'http://127.0.0.1:9/feeds/videos.xml' });
    expect(await feeds.videos(CHANNEL)).toEqual({});
  });
});
