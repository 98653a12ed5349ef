import type { Page } from '@playwright/test';

/** The fake player's script, served where YouTube's IFrame API script would be. */
export declare const fakeIframeApi: string;

export function stubYouTube(page: Page): Promise<void>;

export declare const PlayerState: { readonly ENDED: 0; readonly PLAYING: 1; readonly PAUSED: 2 };

export interface FakeLoad {
  videoId: string;
  startSeconds: number;
  /** The page's clock (Date.now()) when the video was loaded. */
  at: number;
}

export function fakePlayer(page: Page): Promise<{
  players: number;
  videoId: string | null;
  state: number | null;
  time: number | null;
  muted: boolean | null;
  volume: number | null;
  loads: FakeLoad[];
}>;

export function endVideo(page: Page): Promise<void>;
export function failVideo(page: Page, code: number): Promise<void>;
export function markUnavailable(page: Page, videoId: string, code: number): Promise<void>;

interface FakeYouTubeDriver {
  players: {
    videoId: string;
    state: number;
    muted: boolean;
    volume: number;
    getCurrentTime(): number;
  }[];
  loads: FakeLoad[];
  end(): void;
  fail(code: number): void;
  markUnavailable(videoId: string, code: number): void;
}

declare global {
  interface Window {
    __fakeYouTube?: FakeYouTubeDriver;
  }
}
