import { envelopeSchema } from '@fansite/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoizingSerializerCompiler } from './serializer.ts';

const serialize = memoizingSerializerCompiler({
  schema: envelopeSchema(z.object({ title: z.string() })),
  method: 'GET',
  url: '/test',
  httpStatus: '200',
});

describe('the memoizing serializer', () => {
  it('answers the same data object with the same checked JSON, the current code and message', () => {
    const data = { title: 'Fire' };
    expect(JSON.parse(serialize({ code: 200, message: '', data }))).toEqual({
      code: 200,
      message: '',
      data: { title: 'Fire' },
    });
    expect(JSON.parse(serialize({ code: 200, message: 'Saved', data }))).toMatchObject({
      message: 'Saved',
      data: { title: 'Fire' },
    });
    expect(
      JSON.parse(serialize({ code: 200, message: '', data: { title: 'Stars' } })),
    ).toMatchObject({ data: { title: 'Stars' } });
  });

  it('still refuses data that does not match the schema', () => {
    expect(() => serialize({ code: 200, message: '', data: { title: 3 } })).toThrow();
  });
});
