import { describe, expect, it } from 'vitest';
import { promotionSaveBodySchema, websiteSaveBodySchema } from './community.ts';
import {
  readYouTubeLink,
  youtubeChannelLinkProblem,
  youtubeShareLinkProblem,
} from './youtube-links.ts';

const CHANNEL_ID = 'UC9PBzalIcEQCsiIkq36PyUA';

describe('readYouTubeLink', () => {
  it.each([
    [`https://www.youtube.com/channel/${CHANNEL_ID}`, { by: 'id', channelId: CHANNEL_ID }],
    [`https://music.youtube.com/channel/${CHANNEL_ID}`, { by: 'id', channelId: CHANNEL_ID }],
    [`https://m.youtube.com/channel/${CHANNEL_ID}/videos`, { by: 'id', channelId: CHANNEL_ID }],
    ['https://www.youtube.com/@DigitalFoundry', { by: 'handle', handle: 'DigitalFoundry' }],
    ['https://youtube.com/@digitalfoundry?si=abc', { by: 'handle', handle: 'digitalfoundry' }],
    ['https://m.youtube.com/@corner/featured', { by: 'handle', handle: 'corner' }],
    ['https://www.youtube.com/@%C3%A9lodie', { by: 'handle', handle: 'élodie' }],
    ['https://www.youtube.com/c/DigitalFoundry', { by: 'custom', name: 'DigitalFoundry' }],
    ['https://www.youtube.com/DigitalFoundry', { by: 'custom', name: 'DigitalFoundry' }],
    [
      'http://youtube.com/user/DigitalFoundry/videos',
      { by: 'username', username: 'DigitalFoundry' },
    ],
  ])('reads %s as a channel', (link, channel) => {
    expect(readYouTubeLink(link)).toMatchObject({ kind: 'channel', channel });
  });

  it('keeps the channel page path to look a name up', () => {
    expect(readYouTubeLink('https://m.youtube.com/@%C3%A9lodie/videos')).toMatchObject({
      pagePath: '/@%C3%A9lodie',
    });
    expect(readYouTubeLink('https://www.youtube.com/c/Some.Name')).toMatchObject({
      pagePath: '/c/Some.Name',
    });
  });

  it.each([
    ['https://www.youtube.com/watch?v=W_S7iKZZdHw', 'W_S7iKZZdHw'],
    ['https://music.youtube.com/watch?v=W_S7iKZZdHw&list=RDAMVM', 'W_S7iKZZdHw'],
    ['https://youtu.be/W_S7iKZZdHw?si=xyz', 'W_S7iKZZdHw'],
    ['https://www.youtube.com/shorts/W_S7iKZZdHw', 'W_S7iKZZdHw'],
    ['https://m.youtube.com/live/W_S7iKZZdHw', 'W_S7iKZZdHw'],
  ])('reads %s as a video', (link, videoId) => {
    expect(readYouTubeLink(link)).toEqual({ kind: 'video', videoId });
  });

  it('reads playlists, other YouTube pages and other sites', () => {
    expect(readYouTubeLink('https://www.youtube.com/playlist?list=PLY9cZ8nX4xmlpd1RE8')).toEqual({
      kind: 'playlist',
      playlistId: 'PLY9cZ8nX4xmlpd1RE8',
    });
    expect(readYouTubeLink('https://www.youtube.com/results?search_query=x')).toEqual({
      kind: 'other',
    });
    expect(readYouTubeLink('https://www.youtube.com/')).toEqual({ kind: 'other' });
    expect(readYouTubeLink('https://www.youtube.com/channel/not-an-id')).toEqual({
      kind: 'other',
    });
    for (const link of [
      'https://evil.example/login-to-claim',
      'https://youtube.com.evil.example/@me',
      'https://evil.example/www.youtube.com/@me',
      'javascript:alert(1)',
      'https://user@www.youtube.com/@me',
      'not a link',
    ]) {
      expect(readYouTubeLink(link)).toBeNull();
    }
  });
});

describe('the sentences that say what to paste', () => {
  it('tell a channel link from a video, a playlist and another site', () => {
    expect(youtubeChannelLinkProblem('https://www.youtube.com/@yourname')).toBeNull();
    expect(youtubeChannelLinkProblem('https://youtu.be/W_S7iKZZdHw')).toBe(
      "Paste your channel's link, such as https://www.youtube.com/@yourname: this link is to a video.",
    );
    expect(youtubeChannelLinkProblem('https://www.youtube.com/playlist?list=PLabc')).toMatch(
      /playlist\.$/,
    );
    expect(youtubeChannelLinkProblem('https://evil.example/login-to-claim')).toMatch(
      /not on YouTube\.$/,
    );
  });

  it('accept any YouTube video, playlist or channel to share, and nothing else', () => {
    for (const link of [
      'https://youtu.be/W_S7iKZZdHw',
      'https://www.youtube.com/shorts/W_S7iKZZdHw',
      'https://www.youtube.com/playlist?list=PLabc',
      'https://www.youtube.com/@yourname',
    ]) {
      expect(youtubeShareLinkProblem(link)).toBeNull();
    }
    expect(youtubeShareLinkProblem('https://evil.example/login-to-claim')).toMatch(
      /not on YouTube\.$/,
    );
    expect(youtubeShareLinkProblem('https://www.youtube.com/results?search_query=x')).toMatch(
      /names none of them\.$/,
    );
  });
});

describe('forms that take YouTube links', () => {
  it('refuse a promotion whose links are not YouTube channel and share links', () => {
    const result = promotionSaveBodySchema.safeParse({
      youtube_channel: 'https://evil.example/login-to-claim',
      youtube_share: 'https://evil.example/login-to-claim',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'youtube_channel',
      'youtube_share',
    ]);
  });

  it("refuse a site whose YouTube link is a video's", () => {
    const result = websiteSaveBodySchema.safeParse({
      domain_name: 'corner',
      name: 'Corner',
      youtube: 'https://www.youtube.com/watch?v=W_S7iKZZdHw',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Paste your channel's link, such as https://www.youtube.com/@yourname: this link is to a video.",
    ]);
  });
});
