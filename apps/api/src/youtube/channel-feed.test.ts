import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_CHANNEL_VIDEOS,
  atomChannelFeed,
  startFakeYouTubeFeed,
} from '../test-support/fake-youtube-feed.ts';
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

  it('gives nothing for handles, other sites and malformed links', () => {
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

  it('refuses a document that is not a feed', () => {
    expect(() => parseChannelFeed('<html><body>Sorry</body></html>')).toThrow();
  });
});

describe('createChannelFeedReader', () => {
  let feed: Awaited<ReturnType<typeof startFakeYouTubeFeed>>;
  let clock = 0;
  beforeAll(async () => {
    feed = await startFakeYouTubeFeed();
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
