import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_CHANNEL_ID, channelPage, startFakeYouTube } from '../test-support/fake-youtube.ts';
import { channelIdInPage, createChannelResolver } from './channel-resolver.ts';

describe('channelIdInPage', () => {
  it("takes the page's own channel, not the first channel its data names", () => {
    expect(channelIdInPage(channelPage(FAKE_CHANNEL_ID, 'fakechannel'))).toBe(FAKE_CHANNEL_ID);
  });

  it('falls back on the microdata identifier and the page data', () => {
    expect(
      channelIdInPage(`<head><meta itemprop="identifier" content="${FAKE_CHANNEL_ID}"></head>`),
    ).toBe(FAKE_CHANNEL_ID);
    expect(channelIdInPage(`<script>{"externalId":"${FAKE_CHANNEL_ID}"}</script>`)).toBe(
      FAKE_CHANNEL_ID,
    );
    expect(channelIdInPage('<html><body>Sorry</body></html>')).toBeNull();
  });
});

describe('createChannelResolver', () => {
  let youtube: Awaited<ReturnType<typeof startFakeYouTube>>;
  beforeAll(async () => {
    youtube = await startFakeYouTube();
  });
  afterAll(() => youtube.close());
  beforeEach(() => {
    youtube.requests.length = 0;
    youtube.fail(null);
  });

  it.each([
    'https://www.youtube.com/@fakechannel',
    'https://youtube.com/@FakeChannel/videos?si=share',
    'https://m.youtube.com/@fakechannel',
    'https://music.youtube.com/@fakechannel',
    'https://www.youtube.com/c/FakeChannelCustom',
    'https://www.youtube.com/FakeChannelCustom',
    'https://www.youtube.com/user/FakeChannelUser',
  ])('finds the channel of %s on its page', async (link) => {
    const resolver = createChannelResolver({ pageBaseUrl: youtube.lookup.pageBaseUrl });
    expect(await resolver.resolve(link)).toEqual({
      outcome: 'found',
      channelId: FAKE_CHANNEL_ID,
    });
    expect(youtube.requests).toHaveLength(1);
    expect(youtube.requests[0]).not.toMatch(/youtube\/v3/);
  });

  it('asks nobody for a link that names its channel id', async () => {
    const resolver = createChannelResolver({ pageBaseUrl: youtube.lookup.pageBaseUrl });
    expect(
      await resolver.resolve('https://music.youtube.com/channel/UC9PBzalIcEQCsiIkq36PyUA'),
    ).toEqual({ outcome: 'found', channelId: 'UC9PBzalIcEQCsiIkq36PyUA' });
    expect(youtube.requests).toEqual([]);
  });

  it('asks the Data API first when it has a key', async () => {
    const resolver = createChannelResolver({ ...youtube.lookup, apiKey: 'test-key' });
    for (const link of [
      'https://www.youtube.com/@fakechannel',
      'https://www.youtube.com/user/FakeChannelUser',
      'https://www.youtube.com/c/FakeChannelCustom',
    ]) {
      expect(await resolver.resolve(link)).toEqual({
        outcome: 'found',
        channelId: FAKE_CHANNEL_ID,
      });
    }
    expect(youtube.requests.every((request) => request.startsWith('/youtube/v3/'))).toBe(true);
    expect(youtube.requests[0]).toBe(
      '/youtube/v3/channels?part=id&forHandle=%40fakechannel&key=test-key',
    );
  });

  it('reads the page when the Data API fails, and never tells the key', async () => {
    const reasons: string[] = [];
    const resolver = createChannelResolver({
      pageBaseUrl: youtube.lookup.pageBaseUrl,
      apiBaseUrl: `${youtube.lookup.pageBaseUrl}/refused`,
      apiKey: 'secret-key',
      onError: (source, reason) => reasons.push(`${source} ${reason}`),
    });
    expect(await resolver.resolve('https://www.youtube.com/@fakechannel')).toEqual({
      outcome: 'found',
      channelId: FAKE_CHANNEL_ID,
    });
    expect(reasons).toEqual(['api Error: the Data API answered 404']);
  });

  it('tells a channel YouTube does not know from YouTube out of reach', async () => {
    const resolver = createChannelResolver({ pageBaseUrl: youtube.lookup.pageBaseUrl });
    expect(await resolver.resolve('https://www.youtube.com/@nobody-here')).toEqual({
      outcome: 'not-found',
    });
    expect(await resolver.resolve('https://youtu.be/W_S7iKZZdHw')).toEqual({
      outcome: 'not-found',
    });
    youtube.fail(503);
    expect(await resolver.resolve('https://www.youtube.com/@fakechannel')).toEqual({
      outcome: 'unreachable',
    });
    const offline = createChannelResolver({ pageBaseUrl: 'http://127.0.0.1:9' });
    expect(await offline.resolve('https://www.youtube.com/@fakechannel')).toEqual({
      outcome: 'unreachable',
    });
  });
});
