import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/database.ts';
import type { Database } from '../db/client.ts';
import { createNetworkRepository } from '../repositories/network.ts';
import { generateDemoNetwork } from './demo.ts';
import { importDemoNetwork, isNetworkEmpty } from './import.ts';

describe('demo network', () => {
  it('is the same on every call', () => {
    expect(generateDemoNetwork()).toEqual(generateDemoNetwork());
  });

  it('has unique channel ids and two or more enabled supporter sites', () => {
    const demo = generateDemoNetwork();
    const ids = demo.members.map((member) => member.channel_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(demo.supporterSites.filter((site) => site.enabled === 'yes').length).toBeGreaterThan(1);
  });
});

describe('network repository and demo import', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('loads the demo once the network is empty', async () => {
    expect(await isNetworkEmpty(database)).toBe(true);
    await importDemoNetwork(database, generateDemoNetwork());
    expect(await isNetworkEmpty(database)).toBe(false);
  });

  it('adds, edits and removes members, refusing a duplicate channel id', async () => {
    const network = createNetworkRepository(database.db);
    const member = {
      channel_id: 'UCoperator',
      channel_name: 'Operator Channel',
      channel_pic: 'https://example.com/pic.jpg',
      subscribers: 150,
      views: 9000,
    };
    const before = await network.stats();
    expect(await network.addMember(member)).toBe(true);
    expect(await network.addMember(member)).toBe(false);
    expect(await network.stats()).toEqual({
      members: before.members + 1,
      subs: before.subs + 150,
      views: before.views + 9000,
    });

    expect(
      await network.updateMember({ ...member, channel_name: 'Renamed', subscribers: 50 }),
    ).toBe(true);
    expect((await network.members()).at(-1)?.channel_name).toBe('Renamed');
    expect((await network.stats()).subs).toBe(before.subs + 50);

    expect(await network.removeMember(member.channel_id)).toBe(true);
    expect(await network.removeMember(member.channel_id)).toBe(false);
    expect(await network.updateMember(member)).toBe(false);
  });

  it('adds, edits and removes testimonials', async () => {
    const network = createNetworkRepository(database.db);
    const testimonial = {
      channel_id: 'UCoperator',
      channel_name: 'Operator Channel',
      channel_pic: 'https://example.com/pic.jpg',
      sub_tag: '150 subscribers',
      testimonial: 'Great network.',
    };
    const id = await network.addTestimonial(testimonial);
    expect((await network.testimonials()).at(-1)).toEqual({ id, ...testimonial });
    expect(
      await network.updateTestimonial(id, { ...testimonial, testimonial: 'Even better.' }),
    ).toBe(true);
    expect((await network.testimonials()).at(-1)?.testimonial).toBe('Even better.');
    expect(await network.removeTestimonial(id)).toBe(true);
    expect(await network.removeTestimonial(id)).toBe(false);
  });
});
