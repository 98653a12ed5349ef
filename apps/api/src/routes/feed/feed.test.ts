import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedRepository } from '../../repositories/feed.ts';
import { generateDemoNetwork } from '../../network/demo.ts';
import { importDemoNetwork } from '../../network/import.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';

describe.each(testEngines())('feed call on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp(engine);
  });
  afterAll(() => harness.close());

  const get = () => harness.app.inject({ method: 'GET', url: '/api/v1/feed/get' });

  it('answers an empty list when there is no news', async () => {
    expect((await get()).json()).toEqual({ code: 200, message: '', data: [] });
  });

  it('lists the news newest first, HTML content as stored', async () => {
    const demo = generateDemoNetwork();
    await importDemoNetwork(harness.database, demo);
    const response = await get();
    expect(response.statusCode).toBe(200);
    const items = response.json().data;
    expect(items).toEqual([...demo.feed].reverse());
    // The demo news reads as real news: no formatting or test posts.
    expect(items.map((item: { title: string }) => item.title).join(' ')).not.toMatch(/test/i);
  });

  it('shows what the operator adds, edits and removes', async () => {
    const feed = createFeedRepository(harness.database.db);
    const item = {
      image: 'https://example.com/a.jpg',
      title: 'Operator post',
      // Stored and answered as written: the page sanitizes it when it shows it.
      content: '<p>Hello</p><script>alert(1)</script>',
      url: 'https://example.com/a',
    };
    const id = await feed.add(item);
    expect((await get()).json().data[0]).toEqual(item);

    expect(await feed.update(id, { ...item, title: 'Edited post' })).toBe(true);
    expect((await get()).json().data[0].title).toBe('Edited post');

    expect(await feed.remove(id)).toBe(true);
    expect(await feed.remove(id)).toBe(false);
    expect((await get()).json().data[0].title).not.toBe('Edited post');
  });
});
