import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { makerJobs } from '../db/schema.ts';

/** A conversion under way: the person's, by the page's id for it, worked on by one process. */
export interface MakerJobId {
  userUid: string;
  job: string;
  /** The process converting it. */
  worker: string;
}

export interface FoundMakerJob {
  stage: 'waiting' | 'converting';
  percent: number;
  /** Its process stopped saying it works on it: it died, or lost the database for that long. */
  abandoned: boolean;
}

const olderThan = (ms: number) =>
  lt(makerJobs.seenAt, sql`now() - make_interval(secs => ${ms / 1000}::float8)`);

const isJob = ({ userUid, job, worker }: MakerJobId) =>
  and(eq(makerJobs.userUid, userUid), eq(makerJobs.job, job), eq(makerJobs.worker, worker));

/** The conversions under way in every process, as the page's progress poll reads them. */
export function createMakerJobsRepository(db: AppDb) {
  return {
    /** Starts following a conversion, waiting; a job id used again starts afresh. */
    async start(id: MakerJobId): Promise<void> {
      await db
        .insert(makerJobs)
        .values({ ...id, stage: 'waiting', percent: 0 })
        .onConflictDoUpdate({
          target: [makerJobs.userUid, makerJobs.job],
          set: { worker: id.worker, stage: 'waiting', percent: 0, seenAt: sql`now()` },
        });
    },

    /** How far it has got; only the process that started it moves it on. */
    async report(id: MakerJobId, stage: FoundMakerJob['stage'], percent: number): Promise<void> {
      await db
        .update(makerJobs)
        .set({ stage, percent, seenAt: sql`now()` })
        .where(isJob(id));
    },

    /** The conversion ended (made or refused): nothing more to follow. */
    async finish(id: MakerJobId): Promise<void> {
      await db.delete(makerJobs).where(isJob(id));
    },

    async find(userUid: string, job: string, abandonedAfterMs: number) {
      const [row] = await db
        .select({
          stage: makerJobs.stage,
          percent: makerJobs.percent,
          abandoned: sql<boolean>`${olderThan(abandonedAfterMs)}`,
        })
        .from(makerJobs)
        .where(and(eq(makerJobs.userUid, userUid), eq(makerJobs.job, job)));
      return (row ?? null) as FoundMakerJob | null;
    },

    /**
     * A process says it still works on these conversions, however long they wait or run. Only
     * those: a row it failed to delete as its conversion ended is left to be seen as abandoned.
     */
    async keepAlive(worker: string, underWay: Omit<MakerJobId, 'worker'>[]): Promise<void> {
      if (underWay.length === 0) return;
      const pairs = sql.join(
        underWay.map(({ userUid, job }) => sql`(${userUid}, ${job})`),
        sql`, `,
      );
      await db
        .update(makerJobs)
        .set({ seenAt: sql`now()` })
        .where(
          and(
            eq(makerJobs.worker, worker),
            sql`(${makerJobs.userUid}, ${makerJobs.job}) IN (${pairs})`,
          ),
        );
    },

    /** Forgets conversions whose process has said nothing for `ms`; answers how many. */
    async removeAbandoned(ms: number): Promise<number> {
      const removed = await db
        .delete(makerJobs)
        .where(olderThan(ms))
        .returning({ job: makerJobs.job });
      return removed.length;
    },
  };
}

export type MakerJobsRepository = ReturnType<typeof createMakerJobsRepository>;
