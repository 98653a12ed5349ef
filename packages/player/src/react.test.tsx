import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeAdapter } from './fakeAdapter.ts';
import { createPlayer } from './player.ts';
import { PlayerProvider, PlayerSurface, useMediaSession, usePlayerState } from './react.tsx';

function MediaSessionUser() {
  useMediaSession();
  return null;
}

function ShuffleLabel() {
  const shuffle = usePlayerState((state) => state.shuffle);
  return <p>{shuffle ? 'Shuffle on' : 'Shuffle off'}</p>;
}

describe('React bindings', () => {
  it('re-render a component when the piece of state it selects changes', () => {
    const player = createPlayer({
      openSong: vi.fn(),
      randomSong: vi.fn(),
      randomFavorite: vi.fn(),
    });
    render(
      <PlayerProvider player={player}>
        <ShuffleLabel />
      </PlayerProvider>,
    );
    expect(screen.getByText('Shuffle off')).toBeVisible();

    act(() => player.setShuffle(true));

    expect(screen.getByText('Shuffle on')).toBeVisible();
  });

  it('attach the surface backend once and destroy it when the surface goes', () => {
    const player = createPlayer({
      openSong: vi.fn(),
      randomSong: vi.fn(),
      randomFavorite: vi.fn(),
    });
    const fake = createFakeAdapter();
    const destroy = vi.spyOn(fake.adapter, 'destroy');
    const createAdapter = vi.fn(() => fake.adapter);
    const { rerender, unmount } = render(
      <PlayerProvider player={player}>
        <PlayerSurface createAdapter={createAdapter} />
      </PlayerProvider>,
    );
    rerender(
      <PlayerProvider player={player}>
        <PlayerSurface createAdapter={() => createFakeAdapter().adapter} />
      </PlayerProvider>,
    );
    player.setSong({
      videoId: 'aaaaaaaaaaa',
      playlistId: 'gaming',
      title: 'Song',
      artist: 'Artist',
      nextVideoId: null,
      previousVideoId: null,
      firstVideoId: 'aaaaaaaaaaa',
    });

    expect(createAdapter).toHaveBeenCalledTimes(1);
    expect(fake.loaded).toEqual([{ videoId: 'aaaaaaaaaaa', startSeconds: undefined }]);
    unmount();
    expect(destroy).toHaveBeenCalled();
  });

  describe('media session', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      delete (navigator as { mediaSession?: unknown }).mediaSession;
    });

    it("shows the song on the device's media controls and lets them go next and back", () => {
      const handlers = new Map<string, (() => void) | null>();
      const mediaSession = {
        metadata: null as unknown,
        setActionHandler: (action: string, handler: (() => void) | null) =>
          handlers.set(action, handler),
      };
      Object.defineProperty(navigator, 'mediaSession', { value: mediaSession, configurable: true });
      vi.stubGlobal(
        'MediaMetadata',
        class {
          constructor(readonly init: unknown) {}
        },
      );
      const openSong = vi.fn();
      const player = createPlayer({ openSong, randomSong: vi.fn(), randomFavorite: vi.fn() });
      player.setSong({
        videoId: 'aaaaaaaaaaa',
        playlistId: 'gaming',
        title: 'Monster',
        artist: 'Skillet',
        nextVideoId: 'bbbbbbbbbbb',
        previousVideoId: 'ccccccccccc',
        firstVideoId: 'aaaaaaaaaaa',
        artworkUrl: 'https://i.ytimg.com/vi/aaaaaaaaaaa/hqdefault.jpg',
      });

      render(
        <PlayerProvider player={player}>
          <MediaSessionUser />
        </PlayerProvider>,
      );

      expect(mediaSession.metadata).toEqual({
        init: {
          title: 'Monster',
          artist: 'Skillet',
          artwork: [{ src: 'https://i.ytimg.com/vi/aaaaaaaaaaa/hqdefault.jpg' }],
        },
      });
      handlers.get('nexttrack')?.();
      expect(openSong).toHaveBeenLastCalledWith({ videoId: 'bbbbbbbbbbb', playlistId: 'gaming' });
      handlers.get('previoustrack')?.();
      expect(openSong).toHaveBeenLastCalledWith({ videoId: 'ccccccccccc', playlistId: 'gaming' });
    });

    it("lets the device's play and pause keys drive the player", async () => {
      const handlers = new Map<string, (() => void) | null>();
      Object.defineProperty(navigator, 'mediaSession', {
        value: {
          metadata: null,
          setActionHandler: (a: string, h: () => void) => handlers.set(a, h),
        },
        configurable: true,
      });
      vi.stubGlobal('MediaMetadata', class {});
      const fake = createFakeAdapter();
      const player = createPlayer({
        openSong: vi.fn(),
        randomSong: vi.fn(),
        randomFavorite: vi.fn(),
      });
      player.attach(fake.adapter);
      render(
        <PlayerProvider player={player}>
          <MediaSessionUser />
        </PlayerProvider>,
      );
      player.setSong({
        videoId: 'aaaaaaaaaaa',
        playlistId: 'gaming',
        title: 'Monster',
        artist: 'Skillet',
        nextVideoId: null,
        previousVideoId: null,
        firstVideoId: 'aaaaaaaaaaa',
      });
      await vi.waitFor(() => expect(player.getState().status).toBe('playing'));

      handlers.get('play')?.();
      handlers.get('pause')?.();
      await vi.waitFor(() => expect(fake.state).toBe('paused'));
      handlers.get('pause')?.();
      handlers.get('play')?.();
      await vi.waitFor(() => expect(fake.state).toBe('playing'));
    });
  });
});
