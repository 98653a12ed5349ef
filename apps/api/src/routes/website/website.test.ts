import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { SUBSCRIBERS_ONLY_MESSAGE } from '../../plugins/app/auth.ts';
import { buildTestApp, multipart } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import {
  FAKE_CHANNEL_ID,
  FAKE_CHANNEL_VIDEOS,
  startFakeYouTube,
} from '../../test-support/fake-youtube.ts';
import {
  createTestUser,
  grantSubscriber,
  type TestUser,
} from '../../test-support/firebase-users.ts';
import { z } from 'zod';

describe.each(testEngines())('website settings on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let youtube: Awaited<ReturnType<typeof startFakeYouTube>>;
  beforeAll(async () => {
    youtube = await startFakeYouTube();
    harness = await buildTestApp(engine, {
      youtubeFeedUrl: youtube.url,
      youtubeLookup: youtube.lookup,
    });
  });
  afterAll(async () => {
    await harness.close();
    await youtube.close();
  });
  beforeEach(() => {
    youtube.fail(null);
    youtube.requests.length = 0;
  });

  const headers = (user?: TestUser) => (user ? { authorization: `Bearer ${user.idToken}` } : {});
  const getSite = (user?: TestUser) =>
    harness.app.inject({ method: 'GET', url: '/api/v1/website/get', headers: headers(user) });
  const activate = (name: string, user?: TestUser) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/v1/website/activate?domain_name=${encodeURIComponent(name)}`,
      headers: headers(user),
    });
  const save = (fields: Record<string, string>, user?: TestUser) => {
    const body = multipart(fields);
    return harness.app.inject({
      method: 'POST',
      url: '/api/v1/website/save',
      headers: { ...body.headers, ...headers(user) },
      payload: body.payload,
    });
  };
  const subscriber = async () => {
    const user = await createTestUser();
    await grantSubscriber(harness.database, user.email.toUpperCase());
    return user;
  };
  const siteRows = () =>
    queryRows(
      harness.database.db,
      sql`SELECT domain_name, owner_uid, name FROM subscriber_sites ORDER BY id`,
      z.object({ domain_name: z.string(), owner_uid: z.string().nullable(), name: z.string() }),
    );
  const unique = () => `site-${Math.random().toString(36).slice(2, 10)}`;

  it('refuses signed-out visitors with 401 and non-subscribers with 403', async () => {
    expect((await getSite()).statusCode).toBe(401);
    const user = await createTestUser();
    for (const response of [
      await getSite(user),
      await activate(unique(), user),
      await save(
        { domain_name: unique(), name: 'x', youtube: 'https://youtube.com/@fakechannel' },
        user,
      ),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 403, message: SUBSCRIBERS_ONLY_MESSAGE, data: null });
    }
    expect((await siteRows()).filter((row) => row.owner_uid === user.uid)).toEqual([]);
  });

  it('answers 201 before activation, then 200 with the record; activating twice is harmless', async () => {
    const user = await subscriber();
    const before = await getSite(user);
    expect(before.statusCode).toBe(201);
    expect(before.json()).toMatchObject({ code: 201, data: null });

    const name = unique();
    const activated = await activate(name.toUpperCase(), user);
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({
      code: 200,
      message: 'Your site has been activated!',
      data: { domain_name: name, enabled: 'yes', name },
    });
    expect((await activate(name, user)).statusCode).toBe(200);
    expect((await siteRows()).filter((row) => row.owner_uid === user.uid)).toHaveLength(1);

    const after = await getSite(user);
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({ domain_name: name, enabled: 'yes' });
  });

  it('refuses reserved, malformed and over-long names with 400', async () => {
    const user = await subscriber();
    for (const name of ['www', 'fm', 'admin', 'ab', 'a'.repeat(31), 'bad_name', '-edge', '']) {
      const response = await activate(name, user);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message).toMatch(/domain_name/);
    }
    expect((await getSite(user)).statusCode).toBe(201);
  });

  it('gives a name to one owner: a taken name gets 409, also when two race for it', async () => {
    const [first, second] = [await subscriber(), await subscriber()];
    const name = unique();
    const answers = await Promise.all([activate(name, first), activate(name, second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers[0]!.statusCode === 409 ? first : second;
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(
      'This domain name is already taken. Please choose another one.',
    );
    expect((await getSite(loser)).statusCode).toBe(201);
    expect((await siteRows()).filter((row) => row.domain_name === name)).toHaveLength(1);
  });

  it('saves the settings, storing left-out fields empty and keeping the banner', async () => {
    const user = await subscriber();
    const name = unique();
    await activate(name, user);
    await harness.database.db.execute(
      sql`UPDATE subscriber_sites SET banner_url = 'https://example.com/banner.jpg' WHERE owner_uid = ${user.uid}`,
    );
    const fields = {
      domain_name: `${name}-new`,
      name: 'My Channel',
      subtitle: 'Nightcore every day',
      form_mail: 'me@example.com',
      about_me: 'About me',
      youtube: 'https://youtube.com/@fakechannel',
      twitter: 'https://x.com/me',
    };
    const saved = await save(fields, user);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Your website has been updated!',
      data: {
        ...fields,
        social_text: '',
        spotify: '',
        banner_url: 'https://example.com/banner.jpg',
      },
    });

    const cleared = await save({ ...fields, twitter: '' }, user);
    expect(cleared.json().data.twitter).toBe('');
  });

  it.each([
    ['a javascript: link', { youtube: 'javascript:alert(1)' }, 'youtube'],
    ['a social link that is not http(s)', { twitter: 'ftp://x.com/me' }, 'twitter'],
    ['no YouTube link', { youtube: '' }, 'youtube'],
    ['an over-long name', { name: 'n'.repeat(81) }, 'name'],
    ['an over-long about me', { about_me: 'a'.repeat(5001) }, 'about_me'],
    ['a malformed email', { form_mail: 'not-an-email' }, 'form_mail'],
    ['a reserved domain name', { domain_name: 'api' }, 'domain_name'],
  ])('refuses %s with 400 and changes nothing', async (_case, change, field) => {
    const user = await subscriber();
    const name = unique();
    await activate(name, user);
    const response = await save(
      { domain_name: name, name: 'Mine', youtube: 'https://youtube.com/@fakechannel', ...change },
      user,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
    expect((await getSite(user)).json().data).toMatchObject({ name, youtube: '' });
  });

  const channelIdStored = async (user: TestUser) =>
    (
      await queryRows(
        harness.database.db,
        sql`SELECT youtube_channel_id FROM subscriber_sites WHERE owner_uid = ${user.uid}`,
        z.object({ youtube_channel_id: z.string().nullable() }),
      )
    )[0]!.youtube_channel_id;

  it.each([
    'https://www.youtube.com/@fakechannel',
    'https://m.youtube.com/@FakeChannel/videos',
    'https://www.youtube.com/c/FakeChannelCustom',
    'https://www.youtube.com/FakeChannelCustom',
    'https://youtube.com/user/FakeChannelUser',
    `https://music.youtube.com/channel/${FAKE_CHANNEL_ID}`,
  ])('resolves %s to its channel, whose uploads the site then shows', async (link) => {
    const user = await subscriber();
    const name = unique();
    await activate(name, user);
    const saved = await save({ domain_name: name, name: 'Mine', youtube: link }, user);
    expect(saved.json()).toMatchObject({
      code: 200,
      message: 'Your website has been updated!',
      data: { youtube: link },
    });
    expect(await channelIdStored(user)).toBe(FAKE_CHANNEL_ID);

    const info = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/subscriber/getinfo?domain_name=${name}`,
    });
    expect(Object.keys(info.json().data.videos)).toEqual(
      FAKE_CHANNEL_VIDEOS.slice(0, 8).map((video) => video.id),
    );
  });

  it('looks a link up again only when it changes', async () => {
    const user = await subscriber();
    const name = unique();
    await activate(name, user);
    const fields = { domain_name: name, name: 'Mine', youtube: 'https://youtube.com/@fakechannel' };
    await save(fields, user);
    await save({ ...fields, name: 'Renamed' }, user);
    expect(youtube.requests.filter((request) => request.startsWith('/@'))).toHaveLength(1);
  });

  it.each([
    [
      'a video link',
      'https://www.youtube.com/watch?v=W_S7iKZZdHw',
      400,
      "Invalid request: youtube: Paste your channel's link, such as https://www.youtube.com/@yourname: this link is to a video.",
    ],
    [
      'a short',
      'https://youtube.com/shorts/W_S7iKZZdHw',
      400,
      "Invalid request: youtube: Paste your channel's link, such as https://www.youtube.com/@yourname: this link is to a video.",
    ],
    [
      'a handle YouTube does not know',
      'https://www.youtube.com/@nobody-at-all',
      400,
      "YouTube has no channel at this link. Paste your channel's link, such as https://www.youtube.com/@yourname, as YouTube's share menu gives it.",
    ],
  ])(
    'refuses %s with a sentence saying what to paste, changing nothing',
    async (_case, link, code, message) => {
      const user = await subscriber();
      const name = unique();
      await activate(name, user);
      const response = await save({ domain_name: name, name: 'Mine', youtube: link }, user);
      expect(response.json()).toEqual({ code, message, data: null });
      expect((await getSite(user)).json().data).toMatchObject({ name, youtube: '' });
      expect(await channelIdStored(user)).toBeNull();
    },
  );

  it('asks to try again later when YouTube cannot be reached, changing nothing', async () => {
    const user = await subscriber();
    const name = unique();
    await activate(name, user);
    youtube.fail(503);
    const response = await save(
      { domain_name: name, name: 'Mine', youtube: 'https://www.youtube.com/@fakechannel' },
      user,
    );
    expect(response.json()).toEqual({
      code: 503,
      message:
        'YouTube could not be reached to check your channel link. Please try again in a few minutes.',
      data: null,
    });
    expect((await getSite(user)).json().data).toMatchObject({ name, youtube: '' });
  });

  it("refuses to rename a site to someone else's name with 409", async () => {
    const [first, second] = [await subscriber(), await subscriber()];
    const [firstName, secondName] = [unique(), unique()];
    await activate(firstName, first);
    await activate(secondName, second);
    const response = await save(
      { domain_name: firstName, name: 'Thief', youtube: 'https://youtube.com/@fakechannel' },
      second,
    );
    expect(response.statusCode).toBe(409);
    expect((await getSite(second)).json().data.domain_name).toBe(secondName);
  });

  it('asks for activation before a save', async () => {
    const user = await subscriber();
    const response = await save(
      { domain_name: unique(), name: 'Early', youtube: 'https://youtube.com/@fakechannel' },
      user,
    );
    expect(response.statusCode).toBe(409);
    expect((await getSite(user)).statusCode).toBe(201);
  });
});
