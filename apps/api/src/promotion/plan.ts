import type { PromotionsRepository } from '../repositories/promotions.ts';

/** A UTC calendar day as PostgreSQL's `date` prints it: YYYY-MM-DD. */
export type Day = string;

const DAY_MS = 24 * 60 * 60 * 1000;

export const dayOf = (time: Date): Day => time.toISOString().slice(0, 10);
export const addDays = (day: Day, days: number): Day =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** The scheduler keeps at least this many days after today planned. */
export const PLANNED_DAYS_AHEAD = 30;

export interface Candidate {
  uid: string;
  /** When the promotion was first saved: of two who waited as long, the earlier one goes first. */
  joined: string;
  /** Their last day up to and including today, or null if they never had one. */
  lastDay: Day | null;
}

export interface PlannedDay {
  day: Day;
  uid: string;
}

/**
 * Plans the days after the fixed ones (today and before) as a round robin: each day goes to the
 * candidate whose last turn is the oldest, someone who never had a turn first. So nobody gets a
 * second turn before every other candidate had one, and a newcomer gets the very next free day.
 * The plan depends only on the past and the candidates, so planning again with nothing changed
 * gives the same days, and dropping a candidate moves everyone after them forward.
 */
export function planDays({
  firstDay,
  lastDay,
  candidates,
}: {
  firstDay: Day;
  lastDay: Day;
  candidates: Candidate[];
}): PlannedDay[] {
  if (candidates.length === 0) return [];
  const queue = candidates.map((candidate) => ({ ...candidate }));
  const order = (a: Candidate, b: Candidate) => {
    if (a.lastDay !== b.lastDay) {
      if (a.lastDay === null) return -1;
      if (b.lastDay === null) return 1;
      return a.lastDay < b.lastDay ? -1 : 1;
    }
    if (a.joined !== b.joined) return a.joined < b.joined ? -1 : 1;
    return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
  };
  queue.sort(order);
  const planned: PlannedDay[] = [];
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
    // The head waited longest; after its turn it goes to the back, which keeps the queue sorted.
    const next = queue.shift()!;
    planned.push({ day, uid: next.uid });
    next.lastDay = day;
    queue.push(next);
  }
  return planned;
}

/**
 * Plans the promotion calendar after `today` (and today itself if it has no channel yet) over
 * everyone who saved a promotion and is still a subscriber, PLANNED_DAYS_AHEAD days ahead.
 */
export function planCalendar(
  promotions: Pick<PromotionsRepository, 'replanFuture'>,
  today: Day,
): Promise<void> {
  return promotions.replanFuture(today, ({ candidates, todayTaken }) =>
    planDays({
      firstDay: todayTaken ? addDays(today, 1) : today,
      lastDay: addDays(today, PLANNED_DAYS_AHEAD),
      candidates,
    }),
  );
}
