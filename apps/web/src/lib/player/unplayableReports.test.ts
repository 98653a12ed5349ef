import type { ApiClient } from '@fansite/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportUnplayableOnce } from './unplayableReports.ts';

function fakeClient() {
  const request = vi.fn(async () => null);
  return { client: { request } as unknown as ApiClient, request };
}

describe('reportUnplayableOnce', () => {
  beforeEach(() => localStorage.clear());

  it('sends a song report with the id and an automatic reason', () => {
    const { client, request } = fakeClient();

    reportUnplayableOnce(client, 'aaaaaaaaaaa', 'video error 150');

    expect(request).toHaveBeenCalledWith('contactRequest', {
      topic: 'song-report',
      message: 'aaaaaaaaaaa: Video unavailable (automatic report: video error 150)',
    });
  });

  it('reports each song at most once for this visitor, across visits', () => {
    const { client, request } = fakeClient();
    reportUnplayableOnce(client, 'bbbbbbbbbbb', 'video error 100');
    reportUnplayableOnce(client, 'bbbbbbbbbbb', 'video error 100');
    expect(request).toHaveBeenCalledTimes(1);

    expect(localStorage.getItem('fansite.reportedUnplayable')).toContain('bbbbbbbbbbb');
    reportUnplayableOnce(client, 'ccccccccccc', 'video error 5');
    expect(request).toHaveBeenCalledTimes(2);
  });
});
