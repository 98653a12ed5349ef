import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdapterEvent } from './adapter.ts';
import { YOUTUBE_IFRAME_API_URL, type YouTubeNamespace } from './youtubeAdapter.ts';

type PlayerOptions = ConstructorParameters<YouTubeNamespace['Player']>[1];

/** A stand-in for YouTube's script: records the players made and the calls they get. */
function installFakeYouTube() {
  const players: { element: HTMLElement; options: PlayerOptions; calls: unknown[][] }[] = [];
  class Player {
    constructor(element: HTMLElement, options: PlayerOptions) {
      const record = { element, options, calls: [] as unknown[][] };
      players.push(record);
      const method =
        (name: string) =>
        (...args: unknown[]) => {
          record.calls.push([name, ...args]);
          return 0;
        };
      Object.assign(this, {
        loadVideoById: method('loadVideoById'),
        playVideo: method('playVideo'),
        pauseVideo: method('pauseVideo'),
        seekTo: method('seekTo'),
        mute: method('mute'),
        unMute: method('unMute'),
        setVolume: method('setVolume'),
        getCurrentTime: () => 7,
        getDuration: () => 200,
        destroy: method('destroy'),
      });
      queueMicrotask(() => options.events.onReady({ target: this as never }));
    }
  }
  (window as unknown as { YT: YouTubeNamespace }).YT = { Player } as unknown as YouTubeNamespace;
  return players;
}

// The script loader remembers its promise per page: each test gets a fresh module.
async function freshAdapterModule() {
  vi.resetModules();
  return import('./youtubeAdapter.ts');
}

describe('YouTube adapter', () => {
  afterEach(() => {
    delete (window as { YT?: unknown }).YT;
    document.head.replaceChildren();
  });

  it('loads the IFrame API script only when a player is first needed', async () => {
    const { createYouTubeAdapter } = await freshAdapterModule();
    const adapter = createYouTubeAdapter(document.createElement('div'));
    expect(document.querySelector('script')).toBeNull();

    adapter.load('aaaaaaaaaaa');

    expect(document.querySelector('script')?.getAttribute('src')).toBe(YOUTUBE_IFRAME_API_URL);
  });

  it('creates one YouTube player and reuses it for every later video', async () => {
    const players = installFakeYouTube();
    const { createYouTubeAdapter } = await freshAdapterModule();
    const host = document.createElement('div');
    const adapter = createYouTubeAdapter(host);
    const events: AdapterEvent[] = [];
    adapter.subscribe((event) => events.push(event));

    adapter.setVolume(0.35);
    adapter.load('aaaaaaaaaaa', { startSeconds: 30 });
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'ready' }));
    adapter.load('bbbbbbbbbbb');

    expect(players).toHaveLength(1);
    const [player] = players;
    expect(host.contains(player!.element)).toBe(true);
    expect(player!.options).toMatchObject({
      videoId: 'aaaaaaaaaaa',
      playerVars: { autoplay: 1, start: 30 },
    });
    expect(player!.calls).toContainEqual(['setVolume', 35]);
    expect(player!.calls).toContainEqual(['loadVideoById', { videoId: 'bbbbbbbbbbb' }]);
    expect(adapter.getCurrentTime()).toBe(7);
  });

  it('reports YouTube states and error codes as adapter events', async () => {
    const players = installFakeYouTube();
    const { createYouTubeAdapter } = await freshAdapterModule();
    const adapter = createYouTubeAdapter(document.createElement('div'));
    const events: AdapterEvent[] = [];
    adapter.subscribe((event) => events.push(event));
    adapter.load('aaaaaaaaaaa');
    await vi.waitFor(() => expect(players).toHaveLength(1));

    const { events: youtube } = players[0]!.options;
    youtube.onStateChange({ data: 1 });
    youtube.onStateChange({ data: 0 });
    youtube.onError({ data: 150 });

    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'state', state: 'playing' },
        { type: 'state', state: 'ended' },
        { type: 'error', code: 150 },
      ]),
    );
  });
});
