import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { BrandId } from '@fansite/brand-config';
import {
  API_PREFIX,
  MAKER_KEEP_DAYS,
  MAKER_MAX_UPLOAD_BYTES,
  makerJobSchema,
  makerSpeedSchema,
  type ConversionHistoryEntry,
  type ConversionProgress,
} from '@fansite/contract';
import type { ConversionsRepository } from '../repositories/conversions.ts';
import type { MakerJobId, MakerJobsRepository } from '../repositories/maker-jobs.ts';
import { MakerError } from './errors.ts';
import { AudioTooLongError, convertAudio, probeAudio } from './ffmpeg.ts';
import type { FileStore } from './file-store.ts';
import type { ConversionQueue } from './queue.ts';
import { sniffAudioFile } from './sniff.ts';
import { rateForSpeed, titleSuffix, wantsReverb } from './speed.ts';
import { receiveUpload, type ArrivingForm } from './upload.ts';

export interface SongMakerLimits {
  maxUploadBytes: number;
  /** The longest song made (after the speed change): longer input is refused. */
  maxOutputSeconds: number;
  maxOutputBytes: number;
  /** Wall-clock budget of one conversion. */
  timeoutMs: number;
  /** How long a converted file is kept. */
  keepForMs: number;
  /** Conversions one person may make in 24 hours. */
  dailyPerPerson: number;
  /** Conversions (uploads included) one person may have under way at once, per process. */
  atOncePerPerson: number;
  /**
   * How long a conversion's process may say nothing (it says so every third of this) before the
   * conversion is reported as stopped: the process died, or lost the database.
   */
  abandonedAfterMs: number;
}

export const defaultMakerLimits: SongMakerLimits = {
  maxUploadBytes: MAKER_MAX_UPLOAD_BYTES,
  maxOutputSeconds: 60 * 60,
  maxOutputBytes: 150 * 1024 * 1024,
  timeoutMs: 120_000,
  keepForMs: MAKER_KEEP_DAYS * 24 * 60 * 60 * 1000,
  dailyPerPerson: 20,
  atOncePerPerson: 1,
  abandonedAfterMs: 30_000,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A person has made as many songs as the maker makes for one person in a day. */
class DailyLimitError extends MakerError {
  constructor(limit: number, oldestLeavesAt: string | null) {
    const hours = oldestLeavesAt
      ? Math.max(1, Math.ceil((Date.parse(oldestLeavesAt) - Date.now()) / (60 * 60 * 1000)))
      : 24;
    super(
      429,
      `You have made ${limit} ${limit === 1 ? 'song' : 'songs'} in the last 24 hours, the most ` +
        `the song maker makes for one person in a day. Please try again in ${
          hours === 1 ? 'an hour' : `${hours} hours`
        }.`,
    );
    this.name = 'DailyLimitError';
  }
}

/** The process converting a song stopped before it finished: the page can say so, not wait on. */
class AbandonedConversionError extends MakerError {
  constructor() {
    super(
      410,
      'This conversion stopped because the server working on it went away. Please convert the song again.',
    );
    this.name = 'AbandonedConversionError';
  }
}

/** A person already has as many conversions under way as one person may. */
class AtOnceLimitError extends MakerError {
  constructor(limit: number) {
    super(
      429,
      limit === 1
        ? 'You are already converting a song. Please wait for it to finish, then start the next.'
        : `You are already converting ${limit} songs. Please wait for one to finish, then start the next.`,
    );
    this.name = 'AtOnceLimitError';
  }
}

export interface SongMakerDependencies {
  conversions: ConversionsRepository;
  /** Conversions under way, shared by every process so that progress reads the same anywhere. */
  jobs: MakerJobsRepository;
  /** This process's name among those converting (random per start). */
  worker: string;
  store: FileStore;
  queue: ConversionQueue;
  /** Where uploads and results sit while they are worked on. */
  tempDir: string;
  limits: SongMakerLimits;
  log: { warn: (object: object, message: string) => void };
}

/**
 * Writes a conversion's progress where every process reads it: only the latest value, one write
 * at a time (ffmpeg reports twice a second), and nothing once the conversion has ended. A write
 * that fails is skipped: progress is a courtesy, the conversion goes on.
 */
function progressWriter(
  jobs: MakerJobsRepository,
  id: MakerJobId,
  log: SongMakerDependencies['log'],
) {
  let written: ConversionProgress = { stage: 'waiting', percent: 0 };
  let wanted = written;
  let writing: Promise<void> | null = null;
  let ended = false;
  const flush = () => {
    if (writing || ended) return;
    if (wanted.stage === written.stage && wanted.percent === written.percent) return;
    const next = wanted;
    written = next;
    writing = jobs
      .report(id, next.stage, next.percent)
      .catch((error: unknown) =>
        log.warn({ err: error }, "could not record a conversion's progress"),
      )
      .finally(() => {
        writing = null;
        flush();
      });
  };
  return {
    id,
    set(progress: ConversionProgress) {
      wanted = progress;
      flush();
    },
    async end() {
      ended = true;
      await writing;
      await jobs
        .finish(id)
        .catch((error: unknown) =>
          log.warn({ err: error }, "could not end a conversion's progress"),
        );
    },
  };
}

export const DOWNLOAD_PATH = '/make/download';
const DOWNLOAD_KEY = /^[A-Za-z0-9_-]{43}$/;

const downloadLink = (key: string) => `${API_PREFIX}${DOWNLOAD_PATH}?key=${key}`;
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** A file name people can keep: no folders, no control characters, a sane length. */
function baseNameOf(fileName: string): string {
  const base = path.basename(fileName.replaceAll('\\', '/')).replace(/\.[^.]*$/, '');
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}"/\\:*?<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.slice(0, 100) || 'song';
}

function describedName(base: string, suffix: string) {
  return suffix ? `${base} (${suffix})` : base;
}

export function createSongMaker({
  conversions,
  jobs,
  worker,
  store,
  queue,
  tempDir,
  limits,
  log,
}: SongMakerDependencies) {
  const maxLabel = `${Math.round(limits.maxUploadBytes / (1024 * 1024))}MB`;
  // Conversions this process converts that a page follows, by person and job.
  const following = new Map<string, MakerJobId>();
  const followingKey = ({ userUid, job }: MakerJobId) => `${userUid}\n${job}`;
  // Uploads still arriving, so that a server closing can end them rather than wait for them.
  const arriving = new Set<IncomingMessage>();
  // Conversions under way (upload to result) by person, for the per-person limits.
  const underWay = new Map<string, number>();
  const changeUnderWay = (userUid: string, change: number) => {
    const count = (underWay.get(userUid) ?? 0) + change;
    if (count > 0) underWay.set(userUid, count);
    else underWay.delete(userUid);
  };

  /**
   * Refuses a conversion, counted under way already, that goes past a person's limits before
   * anything is read: conversions under way at once, or made in the last day (those under way
   * counted as made).
   */
  async function checkPersonalLimits(userUid: string) {
    const going = underWay.get(userUid) ?? 0;
    if (going > limits.atOncePerPerson) throw new AtOnceLimitError(limits.atOncePerPerson);
    const made = await conversions.recent(userUid, DAY_MS);
    if (made.count + going > limits.dailyPerPerson) {
      throw new DailyLimitError(limits.dailyPerPerson, made.oldestLeavesAt);
    }
  }

  return {
    /**
     * Reads the upload, checks it, converts it once a slot is free and keeps the result. Answers the
     * download link. Every refusal leaves nothing on disk.
     */
    async convert(
      form: ArrivingForm,
      { userUid, brand }: { userUid: string; brand: BrandId },
    ): Promise<string> {
      changeUnderWay(userUid, 1);
      let ticket: ReturnType<ConversionQueue['reserve']>;
      try {
        await checkPersonalLimits(userUid);
        ticket = queue.reserve();
      } catch (error) {
        changeUnderWay(userUid, -1);
        throw error;
      }
      let uploadPath: string | null = null;
      const outputPath = path.join(tempDir, `${randomUUID()}.mp3`);
      let followed: ReturnType<typeof progressWriter> | null = null;
      const report = (fraction: number) =>
        followed?.set({ stage: 'converting', percent: Math.floor(fraction * 100) });
      try {
        await mkdir(tempDir, { recursive: true });
        arriving.add(form.raw);
        const upload = await receiveUpload(form, {
          tempDir,
          maxBytes: limits.maxUploadBytes,
          maxLabel,
        }).finally(() => arriving.delete(form.raw));
        uploadPath = upload.tempPath;
        if (upload.fields.speed === undefined || upload.fields.speed.trim() === '') {
          throw new MakerError(400, 'Invalid request: speed: choose a speed from -100 to 100');
        }
        const speed = makerSpeedSchema.safeParse(upload.fields.speed);
        if (!speed.success) {
          throw new MakerError(400, `Invalid request: speed: ${speed.error.issues[0]!.message}`);
        }
        const job =
          upload.fields.job === undefined ? null : makerJobSchema.safeParse(upload.fields.job);
        if (job && !job.success) {
          throw new MakerError(400, `Invalid request: job: ${job.error.issues[0]!.message}`);
        }
        if (job?.data) {
          const id = { userUid, job: job.data, worker };
          await jobs.start(id);
          following.set(followingKey(id), id);
          followed = progressWriter(jobs, id, log);
        }
        if (!uploadPath) throw new MakerError(400, 'Choose a song file to convert.');
        if (upload.size === 0) throw new MakerError(400, 'The file is empty.');
        const sniffed = await sniffAudioFile(uploadPath, upload.fileName);
        if (!sniffed.kind) throw new MakerError(415, sniffed.message);
        const kind = sniffed.kind;
        const inputPath = uploadPath;

        const rate = rateForSpeed(speed.data);
        const suffix = titleSuffix(speed.data, brand);
        const baseName = baseNameOf(upload.fileName);

        const outputSize = await ticket.run(async () => {
          report(0);
          const probed = await probeAudio(kind, inputPath, { timeoutMs: limits.timeoutMs });
          const expectedSeconds = probed.durationSeconds ? probed.durationSeconds / rate : null;
          if (expectedSeconds && expectedSeconds > limits.maxOutputSeconds) {
            throw new AudioTooLongError(limits.maxOutputSeconds);
          }
          await convertAudio({
            kind,
            inputPath,
            outputPath,
            rate,
            reverb: wantsReverb(speed.data, brand),
            title: describedName(probed.title ?? baseName, suffix),
            coverStream: probed.coverStream,
            maxOutputSeconds: limits.maxOutputSeconds,
            maxOutputBytes: limits.maxOutputBytes,
            timeoutMs: limits.timeoutMs,
            expectedSeconds,
            onProgress: report,
          });
          const { size } = await stat(outputPath);
          if (size >= limits.maxOutputBytes) throw new AudioTooLongError(limits.maxOutputSeconds);
          return size;
        });

        const storageKey = `${randomBytes(16).toString('base64url')}.mp3`;
        const downloadKey = randomBytes(32).toString('base64url');
        await store.put(storageKey, outputPath);
        try {
          // Counted again as it is added: another process may have made this person's last song.
          const added = await conversions.addWithinLimit(
            {
              userUid,
              fileName: `${describedName(baseName, suffix)}.mp3`,
              fileSize: outputSize,
              speed: speed.data,
              storageKey,
              downloadKeyHash: hashOf(downloadKey),
              downloadKey,
              keepForMs: limits.keepForMs,
            },
            { limit: limits.dailyPerPerson, windowMs: DAY_MS },
          );
          if (added === null) {
            const made = await conversions.recent(userUid, DAY_MS);
            throw new DailyLimitError(limits.dailyPerPerson, made.oldestLeavesAt);
          }
        } catch (error) {
          await store.remove(storageKey);
          throw error;
        }
        return downloadLink(downloadKey);
      } finally {
        if (followed) {
          await followed.end();
          following.delete(followingKey(followed.id));
        }
        ticket.release();
        changeUnderWay(userUid, -1);
        await Promise.all([
          uploadPath ? rm(uploadPath, { force: true }) : undefined,
          rm(outputPath, { force: true }),
        ]);
      }
    },

    /**
     * Ends the uploads still arriving, as their connections close: a server shutting down would
     * otherwise wait for them (up to the request timeout) or exit with their work files on disk.
     */
    endUploads(): void {
      for (const request of arriving) request.destroy();
    },

    /** A person's conversions, each with its download link until its file is removed. */
    async history(userUid: string): Promise<ConversionHistoryEntry[]> {
      const entries = await conversions.history(userUid);
      return entries.map(({ download_key: key, ...entry }) => ({
        ...entry,
        download_link: key ? downloadLink(key) : null,
      }));
    },

    /**
     * How far a person's conversion has got, whichever process converts it; null when none with
     * this job is under way. A conversion whose process went away is refused with a message.
     */
    async progressOf(userUid: string, job: string): Promise<ConversionProgress | null> {
      const found = await jobs.find(userUid, job, limits.abandonedAfterMs);
      if (!found) return null;
      if (found.abandoned) throw new AbandonedConversionError();
      return { stage: found.stage, percent: found.percent };
    },

    /** Says that this process still works on its conversions (see `abandonedAfterMs`). */
    keepAlive: () => jobs.keepAlive(worker, [...following.values()]),

    /** Forgets conversions abandoned `olderThanMs` ago; their pages have long been told. */
    removeAbandoned: (olderThanMs: number) => jobs.removeAbandoned(olderThanMs),

    /** The file a download key opens; a key that was never issued, or was altered, opens nothing. */
    async download(key: string) {
      if (!DOWNLOAD_KEY.test(key)) return { status: 'unknown' as const };
      const conversion = await conversions.byDownloadKeyHash(hashOf(key));
      if (!conversion) return { status: 'unknown' as const };
      if (conversion.expired) return { status: 'expired' as const };
      const file = await store.open(conversion.storageKey);
      if (!file) return { status: 'expired' as const };
      return { status: 'ok' as const, fileName: conversion.fileName, ...file };
    },

    /** Removes the files whose week is up; their history rows stay, marked expired. */
    async removeExpired(): Promise<number> {
      let removed = 0;
      for (;;) {
        const due = await conversions.dueForExpiry(100);
        for (const conversion of due) {
          await store.remove(conversion.storageKey);
          await conversions.markExpired(conversion.id);
          removed += 1;
        }
        if (due.length < 100) return removed;
      }
    },

    /** Uploads and results a crash left behind in the work folder. */
    async removeLeftovers(olderThanMs: number): Promise<void> {
      await mkdir(tempDir, { recursive: true });
      for (const name of await readdir(tempDir)) {
        const filePath = path.join(tempDir, name);
        try {
          const { mtimeMs } = await stat(filePath);
          if (Date.now() - mtimeMs > olderThanMs) await rm(filePath, { force: true });
        } catch (error) {
          log.warn({ err: error }, 'could not remove a leftover song maker file');
        }
      }
    },
  };
}

export type SongMaker = ReturnType<typeof createSongMaker>;
