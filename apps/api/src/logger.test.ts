import { PassThrough } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { logDestination } from './logger.ts';

/** A stream that says whether it is a terminal, and keeps what is written to it. */
function output(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('logDestination', () => {
  it('keeps JSON on standard output when not on a terminal or in production', async () => {
    await expect(logDestination('development', output(false).stream)).resolves.toBeUndefined();
    await expect(logDestination('production', output(true).stream)).resolves.toBeUndefined();
  });

  it('writes one readable line per event on a terminal outside production', async () => {
    const terminal = output(true);
    const destination = await logDestination('development', terminal.stream);
    pino({ level: 'info' }, destination).info('serving on port 8080');
    await new Promise((resolve) => setImmediate(resolve));
    expect(terminal.text()).toMatch(/INFO.*serving on port 8080/);
    expect(terminal.text()).not.toContain('{"level"');
  });
});
