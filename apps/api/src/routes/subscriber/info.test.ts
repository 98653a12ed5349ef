import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateDemoNetwork } from '../../network/demo.ts';
import { importDemoNetwork } from '../../network/import.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import { FAKE_CHANNEL_VIDEOS, startFakeYouTube } from '../../test-support/fake-youtube.ts';

describe.each(testEngines())('subscriber/getinfo on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let feed: Awaited<ReturnType<typeof startFakeYouTube>>;
  beforeAll(async () => {
    feed = await startFakeYouTube();
    harness = await buildTestApp(engine, { youtubeFeedUrl: feed.url });
    await importDemoNetwork(harness.database, generateDemoNetwork());
  });
  afterAll(async () => {
    await harness.close();
    await feed.close();
  });
  beforeEach(() => {
    feed.fail(null);
  });

  const getInfo = (domainName: string) =>
    harness.app.inject({
      method: 'GET',
      url: `/api/v1/subscriber/getinfo?domain_name=${encodeURIComponent(domainName)}`,
    });

  it("answers an enabled site's public info, its newest uploads and main-site playlists", async () => {
    const response = await getInfo('Alice');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.profile_pic).toBe('https://picsum.photos/seed/alice/128/128');
    expect(data.data).toMatchObject({
      domain_name: 'alice',
      enabled: 'yes',
      name: 'Alice Sings',
      subtitle: 'Nightcore covers, every Friday',
      twitter: 'https://x.com/alicesings',
      facebook: '',
    });
    expect(data.data.about_me).toContain('\n');
    // The newest eight of the channel's twelve uploads, newest first.
    expect(Object.keys(data.videos)).toEqual(
      FAKE_CHANNEL_VIDEOS.slice(0, 8).map((video) => video.id),
    );
    expect(data.videos.fakeVideo00).toEqual({
      title: 'Upload number 1 & more',
      date_added: '2026-01-20T12:00:00.000Z',
    });
    expect(data.playlists.length).toBeGreaterThan(0);
    expect(data.playlists.length).toBeLessThanOrEqual(6);
    for (const playlist of data.playlists) {
      expect(playlist.url).toMatch(/^\/playlist\?p=/);
      expect(playlist.title).not.toBe('');
      expect(playlist.thumbnail).toMatch(/^https:\/\//);
    }
  });

  it('never answers the private fields of a site', async () => {
    const body = (await getInfo('alice')).body;
    expect(body).not.toContain('form_mail');
    expect(body).not.toContain('alice.private@example.com');
    expect(body).not.toContain('owner_uid');
  });

  it('answers 404 for a site that is not enabled and for an unknown name, alike', async () => {
    const disabled = await getInfo('draftsite');
    const unknown = await getInfo('nobodyhere');
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json()).toEqual({
      code: 404,
      message: 'There is no site by this name.',
      data: null,
    });
    expect(unknown.json()).toEqual(disabled.json());
  });

  it('answers 400 for a name no site can have', async () => {
    const response = await getInfo('a');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/domain name/);
  });

  it('still answers, with no videos, when the feed fails before any good copy', async () => {
    feed.fail(500);
    const response = await getInfo('bob');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.videos).toEqual({});
    expect(response.json().data.data.name).toBe('Bob Slowed');
  });

  it('keeps serving the cached uploads without asking the feed again', async () => {
    await getInfo('cloudnine');
    const asked = feed.requests.length;
    feed.fail(500);
    const response = await getInfo('cloudnine');
    expect(feed.requests.length).toBe(asked);
    expect(Object.keys(response.json().data.videos)).toHaveLength(8);
  });
});
