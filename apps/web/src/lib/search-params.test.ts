import { isPlaylistId, isYoutubeId } from '@fansite/contract';
import { describe, expect, it } from 'vitest';
import {
  choiceParam,
  countParam,
  idParam,
  parseSearch,
  stringifySearch,
  textParam,
} from './search-params.ts';

describe('search params', () => {
  it('reads every value as a string', () => {
    expect(parseSearch('?p=123&sort=az&q=true')).toEqual({ p: '123', sort: 'az', q: 'true' });
  });

  it('reads a key written alone as a switch that is on, an empty value as empty', () => {
    expect(parseSearch('?s=abc&shuffle')).toEqual({ s: 'abc', shuffle: 'true' });
    // A search written without a value searches for nothing, not for the word "true".
    expect(parseSearch('?q')).toEqual({ q: '' });
    expect(parseSearch('?q=')).toEqual({ q: '' });
  });

  it('reads an address the way it writes it back: a switch written alone is not lost', () => {
    const address = '?s=dQw4w9WgXcQ&p=123&shuffle';
    expect(stringifySearch(parseSearch(address))).toBe('?s=dQw4w9WgXcQ&p=123&shuffle=true');
    expect(stringifySearch(parseSearch(address))).not.toBe(
      stringifySearch({ ...parseSearch(address), shuffle: undefined }),
    );
  });

  it('writes values unquoted and leaves out empty ones', () => {
    expect(stringifySearch({ s: 'dQw4w9WgXcQ', p: '123', shuffle: undefined, q: '' })).toBe(
      '?s=dQw4w9WgXcQ&p=123',
    );
    expect(stringifySearch({})).toBe('');
  });

  it('encodes what needs encoding', () => {
    expect(stringifySearch({ q: 'rock & roll' })).toBe('?q=rock+%26+roll');
    expect(parseSearch(stringifySearch({ q: 'rock & roll' }))).toEqual({ q: 'rock & roll' });
  });
});

describe('route search readers', () => {
  it('keep a text within its length and drop anything else', () => {
    expect(textParam('moon', { maxLength: 10 })).toBe('moon');
    expect(textParam(' moon ', { maxLength: 10, trim: true })).toBe('moon');
    expect(textParam('x'.repeat(11), { maxLength: 10 })).toBeUndefined();
    expect(textParam(['a', 'b'], { maxLength: 10 })).toBeUndefined();
    expect(textParam(undefined, { maxLength: 10 })).toBeUndefined();
  });

  it('keep one of the choices only', () => {
    expect(choiceParam('artist', ['artist'] as const)).toBe('artist');
    expect(choiceParam('Artist', ['artist'] as const)).toBeUndefined();
    expect(choiceParam(1, ['artist'] as const)).toBeUndefined();
  });

  it('read a count from a link or from the app, whole and from 0', () => {
    expect(countParam('90')).toBe(90);
    expect(countParam(' 90 ')).toBe(90);
    expect(countParam(90)).toBe(90);
    expect(countParam('0')).toBe(0);
    for (const bad of ['', '-1', '1.5', '1e3', 'abc', '9'.repeat(16), -1, 1.5, Number.NaN]) {
      expect(countParam(bad)).toBeUndefined();
    }
  });

  it('keep an id that passes its check once trimmed', () => {
    expect(idParam(' J2X5mJ3HDYE ', isYoutubeId)).toBe('J2X5mJ3HDYE');
    expect(idParam('J2X5mJ3HDY', isYoutubeId)).toBeUndefined();
    expect(idParam('ncs-picks', isPlaylistId)).toBe('ncs-picks');
    expect(idParam('NCS', isPlaylistId)).toBeUndefined();
    expect(idParam('a'.repeat(65), isPlaylistId)).toBeUndefined();
  });
});

describe('search params decoding', () => {
  it('reads escapes and plus signs as the browser does, and keeps a malformed escape', () => {
    const query = '?q=moon+light&a=%C3%A9t%C3%A9&b=100%25&c=%zz&d=a%2Bb&e%20f=1';
    expect(parseSearch(query)).toEqual(
      Object.fromEntries(new URLSearchParams(query.slice(1)).entries()),
    );
  });
});
