import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, multipart } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import { startFakeDiscord } from '../../test-support/fake-discord.ts';
import { FAKE_PRIVATE_VIDEO, startFakeYouTube } from '../../test-support/fake-youtube.ts';
import { ids } from '../../test-support/fixture-catalogue.ts';
import { createTestUser, grantStaff, type TestUser } from '../../test-support/firebase-users.ts';
import { z } from 'zod';

describe.each(testEngines())("the team's console on %s", (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let oembed: Awaited<ReturnType<typeof startFakeYouTube>>;
  let discord: Awaited<ReturnType<typeof startFakeDiscord>>;
  let staff: TestUser;
  let visitor: TestUser;
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-staff-outbox-'));

  beforeAll(async () => {
    oembed = await startFakeYouTube();
    discord = await startFakeDiscord();
    harness = await buildTestApp(engine, {
      contactPerMinute: 1000,
      staff: {
        oembedUrl: oembed.oembedUrl,
        outboxFolder: outbox,
        discordWebhookUrl: discord.announceUrl,
      },
    });
    [staff, visitor] = await Promise.all([createTestUser(), createTestUser()]);
    await grantStaff(harness.database, staff.email.toUpperCase());
  });
  afterAll(async () => {
    await harness.close();
    await oembed.close();
    await discord.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  const as = (user: TestUser | null) =>
    user ? { authorization: `Bearer ${user.idToken}` } : ({} as Record<string, string>);
  const get = (url: string, user: TestUser | null = staff) =>
    harness.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: as(user) });
  const post = (url: string, form: Record<string, string>, user: TestUser | null = staff) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...as(user), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  const contact = (fields: Record<string, string>) => {
    const { payload, headers } = multipart(fields);
    return harness.app.inject({ method: 'POST', url: '/api/v1/contact/request', payload, headers });
  };
  /** The .eml files written so far, their quoted-printable bodies decoded. */
  const readOutbox = () =>
    fs
      .readdirSync(outbox)
      .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
      .map((mail) =>
        mail
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      );
  // No refresh before a read: a change is answered once this process's copy shows it.
  const playlistSongs = async (playlist: string) => {
    const answer = await get(`/playlist/get?p=${playlist}`, null);
    return (answer.json().data.songs as { youtube_url: string }[]).map((song) => song.youtube_url);
  };

  it('answers 401 signed out and 403 to anyone not on the team', async () => {
    expect((await get('/staff/inbox', null)).json()).toMatchObject({ code: 401 });
    const refused = await get('/staff/inbox', visitor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This page is for the team only.');
    expect((await get('/staff/inbox')).statusCode).toBe(200);
  });

  it('tells the account menu who is on the team', async () => {
    expect((await get('/account/getinfo')).json().data.staff).toBe(true);
    expect((await get('/account/getinfo', visitor)).json().data.staff).toBe(false);
  });

  it('lists reports with their song, removes the song in one step, and logs it', async () => {
    expect(await playlistSongs('chill')).toContain(ids.skyHigh);
    await contact({ topic: 'song-report', message: `${ids.skyHigh}: Video unavailable` });
    await contact({
      topic: 'bug-report',
      email: 'fan@example.com',
      discord: 'fan#1',
      youtube_url: 'https://www.youtube.com/@fan',
      message: 'The search box is stuck',
    });

    const inbox = (await get('/staff/inbox')).json().data;
    expect(inbox.items.map((item: { kind: string }) => item.kind)).toEqual([
      'bug-report',
      'song-report',
    ]);
    const report = inbox.items[1];
    expect(report).toMatchObject({
      state: 'new',
      reported_video: ids.skyHigh,
      song: { youtube_url: ids.skyHigh, title: 'Sky High', category_id: 'chill' },
    });
    const reports = (await get('/staff/inbox?kind=song-report')).json().data;
    expect(reports.items).toHaveLength(1);

    const removed = await post('/staff/inbox/removesong', { id: String(report.id) });
    expect(removed.json()).toMatchObject({
      code: 200,
      data: { state: 'done', song: null },
    });
    expect(await playlistSongs('chill')).not.toContain(ids.skyHigh);
    expect((await get('/staff/inbox?state=done')).json().data.items).toHaveLength(1);

    const log = (await get('/staff/log')).json().data;
    expect(log.entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['song.remove', 'inbox.update']),
    );
    expect(log.entries[0].actor).toBe(staff.email.toLowerCase());
  });

  it('keeps a state and a note, and refuses a bad state without changing anything', async () => {
    const [item] = (await get('/staff/inbox?kind=bug-report')).json().data.items;
    const bad = await post('/staff/inbox/update', { id: String(item.id), state: 'closed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Please choose a state: new, in-progress, done.');
    const saved = await post('/staff/inbox/update', {
      id: String(item.id),
      state: 'in-progress',
      note: 'Asked the developers',
    });
    expect(saved.json().data).toMatchObject({ state: 'in-progress', note: 'Asked the developers' });
  });

  it('mails a song request with remind-me its link once it is done, from the outbox', async () => {
    await contact({
      topic: 'request-song',
      email: 'requester@example.com',
      discord: 'req#2',
      youtube_url: `https://www.youtube.com/watch?v=${ids.moonlight}`,
      remember: 'Yes',
    });
    const [request] = (await get('/staff/inbox?kind=request-song')).json().data.items;
    await post('/staff/inbox/update', { id: String(request.id), state: 'done' });
    await harness.app.staffNotifier.tick();

    const mails = readOutbox();
    const reminder = mails.find((mail) => mail.includes('To: requester@example.com'));
    expect(reminder).toContain('Subject: Your song request is on the site');
    expect(reminder).toContain(
      `Your song request is on the site: http://localhost:80/song?s=${ids.moonlight}&p=new`,
    );
  });

  it("tells the team's Discord channel of each new item once, and mails the team", async () => {
    await harness.app.staffNotifier.tick();
    await harness.app.staffNotifier.tick();
    const posts = discord.announcements as { content: string; allowed_mentions: unknown }[];
    // The report, the bug report and the song request: each once, with no sender's address.
    expect(posts).toHaveLength(3);
    expect(posts.map((notice) => notice.content).join('\n')).not.toContain('@example.com');
    expect(posts[0]).toMatchObject({ allowed_mentions: { parse: [] } });
    const teamMails = readOutbox().filter((mail) =>
      mail.includes(`To: ${staff.email.toLowerCase()}`),
    );
    expect(teamMails).toHaveLength(3);
  });

  it('fills a song from its link through oEmbed, adds it, and refuses it twice', async () => {
    const lookup = await get('/staff/song/lookup?url=https://youtu.be/fakeOembed1');
    expect(lookup.json().data).toEqual({
      youtube_url: 'fakeOembed1',
      title: 'Sky High (Nightcore Edit)',
      author_name: 'Elektronomia',
      thumbnail_url: 'https://i.ytimg.com/vi/fakeOembed1/hqdefault.jpg',
    });
    const hidden = await get(`/staff/song/lookup?url=${FAKE_PRIVATE_VIDEO}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toContain('private');

    const song = {
      url: 'https://www.youtube.com/watch?v=fakeOembed1',
      p: 'network',
      title: 'Sky High (Nightcore)',
      author_name: 'Elektronomia',
      duration: '3:25',
    };
    const versionBefore = harness.app.catalogue.version;
    const added = await post('/staff/song/add', song);
    expect(added.json()).toMatchObject({ code: 200, data: { duration: 205 } });
    expect(await playlistSongs('network')).toContain('fakeOembed1');
    const found = await get('/song/search?s=sky%20high%20nightcore', null);
    expect(found.json().data.map((hit: { youtube_url: string }) => hit.youtube_url)).toEqual([
      'fakeOembed1',
    ]);
    // Rendered pages are kept per catalogue version: the edit's version retires them.
    expect(harness.app.catalogue.version).toBe(versionBefore + 1);

    const again = await post('/staff/song/add', { ...song, p: 'chill' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This video is already in the catalogue, in the playlist "Network Picks".',
    );
    const badLength = await post('/staff/song/add', {
      ...song,
      url: 'fakeOembed2',
      duration: '3:75',
    });
    expect(badLength.json()).toMatchObject({ code: 400 });
    expect(badLength.json().message).toContain('minutes and seconds');
  });

  it('reorders, moves and removes songs, bumping the catalogue version each time', async () => {
    const version = async () =>
      (
        await queryRows(
          harness.database.db,
          sql`SELECT version::int AS version FROM catalogue_state`,
          z.object({ version: z.number() }),
        )
      )[0]!.version;
    const start = await version();
    expect(await playlistSongs('new')).toEqual([ids.neonRush, ids.moonlight]);
    await post('/staff/song/reorder', { s: ids.moonlight, p: 'new', direction: 'up' });
    expect(await playlistSongs('new')).toEqual([ids.moonlight, ids.neonRush]);
    await post('/staff/song/move', { s: ids.moonlight, p: 'new', to: 'chill' });
    expect(await playlistSongs('new')).toEqual([ids.neonRush]);
    expect(await playlistSongs('chill')).toContain(ids.moonlight);
    await post('/staff/song/remove', { s: ids.moonlight });
    expect(await playlistSongs('chill')).not.toContain(ids.moonlight);
    expect(await version()).toBe(start + 3);
  });

  it('creates, edits, orders and deletes playlists', async () => {
    const created = await post('/staff/playlist/create', {
      id: 'summer',
      name: 'Summer',
      description: 'Sunny',
      home: 'true',
    });
    expect(created.json().data).toMatchObject({ id: 'summer', home: true, special: false });
    const twice = await post('/staff/playlist/create', { id: 'summer', name: 'Again' });
    expect(twice.statusCode).toBe(409);

    const order = async () =>
      ((await get('/staff/playlists')).json().data as { id: string }[]).map((list) => list.id);
    const before = await order();
    expect(before.at(-1)).toBe('summer');
    await post('/staff/playlist/move', { id: 'summer', direction: 'up' });
    expect((await order()).at(-2)).toBe('summer');

    await post('/staff/playlist/update', { id: 'summer', name: 'Hot Summer', special: 'true' });
    const cards = (await get('/playlist/all', null)).json().data as { id: string }[];
    expect(cards.find((card) => card.id === 'summer')).toMatchObject({
      category_name: 'Hot Summer',
      special: true,
    });

    const homeOfSongs = await post('/staff/playlist/delete', { id: 'chill' });
    expect(homeOfSongs.statusCode).toBe(409);
    expect(homeOfSongs.json().message).toContain('move or remove them first');
    expect((await post('/staff/playlist/delete', { id: 'summer' })).statusCode).toBe(200);
    expect(await order()).not.toContain('summer');
  });
});
