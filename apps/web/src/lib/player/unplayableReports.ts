import type { ApiClient } from '@fansite/api-client';
import { SONG_REPORT_TOPIC } from '@fansite/contract';

const STORAGE_KEY = 'fansite.reportedUnplayable';

// Kept in memory as well, for browsers that refuse storage (private modes, full quota).
const reportedThisVisit = new Set<string>();

function readStoredIds(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function remember(videoId: string) {
  reportedThisVisit.add(videoId);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...readStoredIds(), videoId]));
  } catch {
    // Storage refused: the in-memory set still prevents repeats during this visit.
  }
}

/**
 * Tells the team that a video cannot play, as a song report with an automatic reason, at most once
 * per song for this visitor.
 */
export function reportUnplayableOnce(apiClient: ApiClient, videoId: string, reason: string) {
  if (reportedThisVisit.has(videoId) || readStoredIds().includes(videoId)) return;
  remember(videoId);
  apiClient
    .request('contactRequest', {
      topic: SONG_REPORT_TOPIC,
      message: `${videoId}: Video unavailable (automatic report: ${reason})`,
    })
    // A report that fails is not worth interrupting the music for.
    .catch(() => {});
}
