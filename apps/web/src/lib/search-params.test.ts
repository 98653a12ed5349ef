import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-params.ts';

describe('search params', () => {
  it('reads every value as a string', () => {
    expect(parseSearch('?p=123&sort=az&q=true')).toEqual({ p: '123', sort: 'az', q: 'true' });
  });

  it('reads a key written alone as a switch that is on, an empty value as empty', () => {
    expect(parseSearch('?s=abc&shuffle')).toEqual({ s: 'abc', shuffle: 'true' });
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
