import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER_COUNT, generateDemoNetwork } from '../../network/demo.ts';
import { importDemoNetwork } from '../../network/import.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';

const demo = generateDemoNetwork();

describe.each(testEngines())('member calls on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp(engine);
  });
  afterAll(() => harness.close());

  const get = (url: string) => harness.app.inject({ method: 'GET', url });

  it('answers an empty network with zero stats and empty lists', async () => {
    expect((await get('/api/v1/member/stats')).json()).toEqual({
      code: 200,
      message: '',
      data: { members: 0, subs: 0, views: 0 },
    });
    expect((await get('/api/v1/member/all')).json().data).toEqual([]);
    expect((await get('/api/v1/member/testimonial')).json().data).toEqual([]);
  });

  describe('with the demo network', () => {
    beforeAll(() => importDemoNetwork(harness.database, demo));

    it('counts members and sums their subscribers and views', async () => {
      const response = await get('/api/v1/member/stats');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        members: DEMO_MEMBER_COUNT,
        subs: demo.members.reduce((total, member) => total + member.subscribers, 0),
        views: demo.members.reduce((total, member) => total + member.views, 0),
      });
    });

    it('lists every member in the order they joined, with the contract fields only', async () => {
      const members = (await get('/api/v1/member/all')).json().data;
      expect(members).toHaveLength(DEMO_MEMBER_COUNT);
      expect(members[0]).toEqual({
        channel_id: demo.members[0]!.channel_id,
        channel_name: demo.members[0]!.channel_name,
        channel_pic: demo.members[0]!.channel_pic,
      });
    });

    it('caps the list at the limit asked for, up to 10000', async () => {
      const firstThree = (await get('/api/v1/member/all?limit=3')).json().data;
      expect(firstThree.map((member: { channel_id: string }) => member.channel_id)).toEqual(
        demo.members.slice(0, 3).map((member) => member.channel_id),
      );
      expect((await get('/api/v1/member/all?limit=10000')).json().data).toHaveLength(
        DEMO_MEMBER_COUNT,
      );
    });

    it.each([
      ['0', 'The limit must be at least 1.'],
      ['10001', 'The limit must be at most 10000.'],
      ['ten', 'The limit must be a number.'],
      ['2.5', 'The limit must be a whole number.'],
    ])('rejects limit=%s', async (limit, message) => {
      const response = await get(`/api/v1/member/all?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        message: `Invalid request: limit: ${message}`,
        data: null,
      });
    });

    it('lists the testimonials without their operator ids', async () => {
      const testimonials = (await get('/api/v1/member/testimonial')).json().data;
      expect(testimonials).toEqual(demo.testimonials);
    });
  });

  it('answers a wrong method with 404', async () => {
    const response = await harness.app.inject({ method: 'POST', url: '/api/v1/member/stats' });
    expect(response.statusCode).toBe(404);
  });
});
