import { API_PREFIX, ClockEstimate, calls, type RadioNowPlaying } from '@fansite/contract';

export type RadioAlignment = { samples: number; medianMs: number; maxMs: number };

/**
 * What a listener's page does at each poll: estimate the server clock (from received_time and
 * server_time, the poll with the quickest network time kept) and place the song at
 * now + offset - start_time.
 */
async function estimatePosition(baseUrl: string, listener: string, serverClock: ClockEstimate) {
  const sentAt = Date.now();
  const response = await fetch(
    `${baseUrl}${API_PREFIX}${calls.radioGet.path}?listener=${listener}`,
  );
  const receivedAt = Date.now();
  const { data } = (await response.json()) as { data: RadioNowPlaying };
  serverClock.add(Date.parse(data.server_time), sentAt, receivedAt, Date.parse(data.received_time));
  return { startTime: Date.parse(data.start_time), clockOffsetMs: serverClock.offsetMs };
}

/**
 * Two listeners joining at different moments compute where in the song they are at one common
 * instant; the gap between the two positions is how far apart they hear the station.
 */
export async function measureRadioAlignment(
  baseUrl: string,
  samples = 20,
): Promise<RadioAlignment> {
  const gaps: number[] = [];
  // Each listener keeps its page open: its clock is its polls' so far, as in the browser.
  const clockA = new ClockEstimate();
  const clockB = new ClockEstimate();
  for (let sample = 0; sample < samples; sample++) {
    const first = await estimatePosition(baseUrl, 'bench-align-a', clockA);
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    const second = await estimatePosition(baseUrl, 'bench-align-b', clockB);
    if (first.startTime !== second.startTime) continue; // the song changed in between
    const now = Date.now();
    const positionA = now + first.clockOffsetMs - first.startTime;
    const positionB = now + second.clockOffsetMs - second.startTime;
    gaps.push(Math.abs(positionA - positionB));
  }
  gaps.sort((a, b) => a - b);
  return {
    samples: gaps.length,
    medianMs: gaps[Math.floor(gaps.length / 2)] ?? Number.NaN,
    maxMs: gaps.at(-1) ?? Number.NaN,
  };
}
