import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { addDays, PLANNED_DAYS_AHEAD } from '../../promotion/plan.ts';
import { buildTestApp, multipart } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import { startFakeDiscord } from '../../test-support/fake-discord.ts';
import {
  createTestUser,
  grantSubscriber,
  testAuthOptions,
  type TestUser,
} from '../../test-support/firebase-users.ts';
import { z } from 'zod';

const START = '2030-01-01';

describe.each(testEngines())('channel promotion on %s', (engine) => {
  const clock = { day: START };
  const now = () => new Date(`${clock.day}T12:00:00Z`);
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let fakeDiscord: Awaited<ReturnType<typeof startFakeDiscord>>;
  beforeAll(async () => {
    fakeDiscord = await startFakeDiscord();
    harness = await buildTestApp(engine, { now, announceWebhookUrl: fakeDiscord.announceUrl });
  });
  afterAll(async () => {
    await harness.close();
    await fakeDiscord.close();
  });

  const db = () => harness.database.db;
  const headers = (user?: TestUser) => (user ? { authorization: `Bearer ${user.idToken}` } : {});
  const getPromotion = (user?: TestUser) =>
    harness.app.inject({ method: 'GET', url: '/api/v1/promotion/get', headers: headers(user) });
  const save = (fields: Record<string, string>, user?: TestUser) => {
    const body = multipart(fields);
    return harness.app.inject({
      method: 'POST',
      url: '/api/v1/promotion/save',
      headers: { ...body.headers, ...headers(user) },
      payload: body.payload,
    });
  };
  const channel = {
    youtube_channel: 'https://youtube.com/@mychannel',
    youtube_share: 'https://youtu.be/W_S7iKZZdHw',
  };
  const subscriber = async () => {
    const user = await createTestUser();
    await grantSubscriber(harness.database, user.email);
    return user;
  };

  /** Subscribers made straight in the database: the scheduler needs rows, not sessions. */
  async function addSubscribers(prefix: string, count: number) {
    const uids: string[] = [];
    for (let index = 0; index < count; index++) {
      const uid = `${prefix}-${String(index).padStart(3, '0')}`;
      const email = `${uid}@example.com`;
      await db().execute(
        sql`INSERT INTO users (uid, email, email_verified) VALUES (${uid}, ${email}, true)`,
      );
      await db().execute(
        sql`INSERT INTO subscriber_grants (email, source) VALUES (${email}, 'operator')`,
      );
      await db().execute(sql`
        INSERT INTO promotions (user_uid, youtube_channel, youtube_share, created_at)
        VALUES (${uid}, ${`https://youtube.com/@${uid}`}, 'https://youtu.be/W_S7iKZZdHw',
                ${new Date(Date.UTC(2029, 0, 1, 0, 0, index)).toISOString()})`);
      uids.push(uid);
    }
    return uids;
  }
  const calendar = () =>
    queryRows(
      db(),
      sql`SELECT day::text AS day, user_uid AS uid FROM promotion_calendar ORDER BY day`,
      z.object({ day: z.string(), uid: z.string() }),
    );
  const clearPromotions = async () => {
    await db().execute(sql`DELETE FROM promotion_calendar`);
    await db().execute(sql`DELETE FROM promotion_announcements`);
    await db().execute(sql`DELETE FROM promotions`);
  };

  it('refuses signed-out visitors with 401 and non-subscribers with 403', async () => {
    expect((await getPromotion()).statusCode).toBe(401);
    expect((await save(channel)).statusCode).toBe(401);
    const user = await createTestUser();
    expect((await getPromotion(user)).statusCode).toBe(403);
    expect((await save(channel, user)).statusCode).toBe(403);
    expect(
      await queryRows(
        db(),
        sql`SELECT user_uid FROM promotions WHERE user_uid = ${user.uid}`,
        z.object({ user_uid: z.string() }),
      ),
    ).toEqual([]);
  });

  it('saves a promotion and schedules its first date at once', async () => {
    await clearPromotions();
    const user = await subscriber();
    expect((await getPromotion(user)).json().data).toEqual({
      youtube_channel: '',
      youtube_share: '',
      promotion_calendar: [],
    });
    const saved = await save(channel, user);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Your channel promotion has been saved!');
    const data = (await getPromotion(user)).json().data;
    expect(data).toMatchObject(channel);
    // Alone in the round robin: every planned day is theirs, today first.
    expect(data.promotion_calendar).toHaveLength(PLANNED_DAYS_AHEAD + 1);
    expect(data.promotion_calendar[0].date.slice(0, 10)).toBe(START);

    const today = await harness.app.inject({ method: 'GET', url: '/api/v1/promotion/today' });
    expect(today.json().data).toEqual({
      youtube_channel: channel.youtube_channel,
      date: `${START}T00:00:00.000Z`,
    });
  });

  it.each([
    ['a javascript: link', { youtube_channel: 'javascript:alert(1)' }, 'youtube_channel'],
    ['a link that is not http(s)', { youtube_share: 'ftp://example.com/x' }, 'youtube_share'],
    ['no share link', { youtube_share: '' }, 'youtube_share'],
    [
      'a channel link to another site',
      { youtube_channel: 'https://evil.example/login-to-claim' },
      "youtube_channel: Paste your channel's link, such as https://www.youtube.com/@yourname: this link is not on YouTube.",
    ],
    [
      'a channel link that is a video',
      { youtube_channel: 'https://www.youtube.com/watch?v=W_S7iKZZdHw' },
      "youtube_channel: Paste your channel's link, such as https://www.youtube.com/@yourname: this link is to a video.",
    ],
    [
      'a share link to another site',
      { youtube_share: 'https://evil.example/login-to-claim' },
      'youtube_share: Paste a link to a YouTube video, playlist or channel',
    ],
    [
      'an over-long link',
      { youtube_channel: `https://e.com/${'a'.repeat(500)}` },
      'youtube_channel',
    ],
  ])('refuses %s with 400 and changes nothing', async (_case, change, field) => {
    const user = await subscriber();
    const response = await save({ ...channel, ...change }, user);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
    expect((await getPromotion(user)).json().data.youtube_channel).toBe('');
  });

  it('shows no channel of the day whose link, saved before links were checked, is not YouTube', async () => {
    await clearPromotions();
    const [uid] = await addSubscribers('unchecked', 1);
    await db().execute(
      sql`UPDATE promotions SET youtube_channel = 'https://evil.example/login-to-claim' WHERE user_uid = ${uid!}`,
    );
    await harness.app.promotionScheduler.replan();
    expect((await calendar()).map((row) => row.uid)).toContain(uid);
    const today = await harness.app.inject({ method: 'GET', url: '/api/v1/promotion/today' });
    expect(today.json()).toMatchObject({ code: 200, data: null });
    await clearPromotions();
  });

  it('is fair over 50 subscribers and 100 days, with the next 30 days always planned', async () => {
    await clearPromotions();
    const uids = await addSubscribers('fair', 50);
    for (let offset = 0; offset < 100; offset++) {
      clock.day = addDays(START, offset);
      await harness.app.promotionScheduler.tick();
      const planned = (await calendar()).filter((row) => row.day >= clock.day);
      expect(planned[0]?.day).toBe(clock.day);
      expect(planned.at(-1)?.day).toBe(addDays(clock.day, PLANNED_DAYS_AHEAD));
      expect(planned).toHaveLength(PLANNED_DAYS_AHEAD + 1);
    }
    const days = (await calendar()).filter((row) => row.day < addDays(START, 100));
    expect(days.map((row) => row.day)).toEqual(
      Array.from({ length: 100 }, (_, offset) => addDays(START, offset)),
    );
    // Every run of 50 days in a row features all 50 subscribers once.
    for (let first = 0; first + 50 <= days.length; first++) {
      const window = days.slice(first, first + 50).map((row) => row.uid);
      expect(new Set(window).size).toBe(50);
    }
    expect(new Set(days.map((row) => row.uid))).toEqual(new Set(uids));
    clock.day = START;
  });

  it("gives a revoked subscriber's future dates to the others", async () => {
    await clearPromotions();
    const uids = await addSubscribers('revoke', 5);
    await harness.app.promotionScheduler.tick();
    const revoked = uids[2]!;
    const before = await calendar();
    const freed = before.filter((row) => row.uid === revoked && row.day > START).map((r) => r.day);
    expect(freed.length).toBeGreaterThan(0);

    await harness.app.subscriberGrants.revoke(`${revoked}@example.com`);
    await harness.app.promotionScheduler.replan();

    const after = await calendar();
    expect(after.filter((row) => row.uid === revoked && row.day > START)).toEqual([]);
    expect(after.filter((row) => row.day > START)).toHaveLength(PLANNED_DAYS_AHEAD);
    for (const day of freed) {
      expect(uids.filter((uid) => uid !== revoked)).toContain(
        after.find((row) => row.day === day)?.uid,
      );
    }
    // The four left still take turns: nobody twice in any four days in a row.
    const future = after.filter((row) => row.day > START).map((row) => row.uid);
    for (let first = 0; first + 4 <= future.length; first++) {
      expect(new Set(future.slice(first, first + 4)).size).toBe(4);
    }
  });

  it('announces the channel of the day once, with two server processes and a restart', async () => {
    await clearPromotions();
    await addSubscribers('announce', 3);
    fakeDiscord.announcements.length = 0;
    const other = await buildApp({
      database: harness.database,
      auth: testAuthOptions(),
      siteFolders: { main: '/none', fm: '/none', subscriber: '/none' },
      announceWebhookUrl: fakeDiscord.announceUrl,
      now,
    });
    try {
      await Promise.all([
        harness.app.promotionScheduler.tick(),
        other.promotionScheduler.tick(),
        harness.app.promotionScheduler.tick(),
        other.promotionScheduler.tick(),
      ]);
    } finally {
      await other.close();
    }
    // A process started later the same day finds the day announced.
    const restarted = await buildApp({
      database: harness.database,
      auth: testAuthOptions(),
      siteFolders: { main: '/none', fm: '/none', subscriber: '/none' },
      announceWebhookUrl: fakeDiscord.announceUrl,
      now,
    });
    await restarted.promotionScheduler.tick();
    await restarted.close();

    expect(fakeDiscord.announcements).toEqual([
      {
        content: 'Channel of the day: https://youtube.com/@announce-000',
        allowed_mentions: { parse: [] },
      },
    ]);

    clock.day = addDays(START, 1);
    await harness.app.promotionScheduler.tick();
    expect(fakeDiscord.announcements).toHaveLength(2);
    clock.day = START;
  });
});
