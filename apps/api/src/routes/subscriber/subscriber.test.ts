import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoNetwork } from '../../network/demo.ts';
import { importDemoNetwork } from '../../network/import.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';

describe.each(testEngines())('subscriber sites call on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp(engine);
  });
  afterAll(() => harness.close());

  const get = () =>
    harness.app.inject({ method: 'GET', url: '/api/v1/subscriber/getsubscriberssite' });

  it('answers an empty list when no site exists', async () => {
    expect((await get()).json()).toEqual({ code: 200, message: '', data: [] });
  });

  it('lists only the supporters whose site is enabled, by name', async () => {
    await importDemoNetwork(harness.database, generateDemoNetwork());
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        domain_name: 'alice',
        name: 'Alice Sings',
        profile_pic: 'https://picsum.photos/seed/alice/128/128',
      },
      {
        domain_name: 'beatsbyben',
        name: 'Beats by Ben',
        profile_pic: 'https://picsum.photos/seed/beatsbyben/128/128',
      },
      {
        domain_name: 'bob',
        name: 'Bob Slowed',
        profile_pic: 'https://picsum.photos/seed/bob/128/128',
      },
      {
        domain_name: 'cloudnine',
        name: 'Cloud Nine',
        profile_pic: 'https://picsum.photos/seed/cloudnine/128/128',
      },
    ]);
  });
});
