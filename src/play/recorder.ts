import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Config } from '../config';
import { isStorageFault, type StorageHealth, storageUnavailable } from '../health/storage-health';
import type { Logger } from '../logger';
import type { SubmitBody } from '../shared/contracts/quiz';
import type { PlayStore } from '../storage/contract';
import type { Clock } from '../time/clock';
import type { LocalTime } from '../time/day';
import { createCounterFlush } from './counter-flush';
import { createDeviceClassifier } from './device';
import { createGroupCommit } from './group-commit';
import { createQuizzesIssued } from './quizzes-issued';
import { type SubmitContext, submitPlay } from './service';

export interface PlayRecorderDeps {
  config: Pick<Config, 'quizTokenTtlSeconds' | 'playMinSeconds'>;
  plays: PlayStore;
  catalogue: () => CatalogueIndex;
  tokenSecret: string;
  /** Day and hour in the statistics time zone. */
  localTime: (epochMs: number) => LocalTime;
  clock: Clock;
  log: Logger;
  /** Told whether writes go through (/healthz: a full disk, docs/decisions/012). */
  storage?: Pick<StorageHealth, 'failed' | 'succeeded' | 'refusing'>;
  /** Ranked daily plays per address and day (RATE_LIMIT_DAILY_RANKED_PER_ADDRESS). */
  dailyRanks?: SubmitContext['dailyRanks'];
  /** Told of each play recorded (the dashboard's "Igra sada", docs/decisions/037). */
  onRecorded?: SubmitContext['onRecorded'];
  /** Told of each quiz issued, after it is counted ("Igra sada"). */
  onIssued?: () => void;
}

/**
 * Recording plays, built once per app: the group commit that batches submissions into one
 * transaction, the quizzes issued that ride with it, and the deferred counters' flush
 * (docs/decisions/025). `submit` is what the submit route calls; `countIssued` what the quiz
 * routes call for each quiz handed out; `stop` writes what is still in memory.
 */
export function createPlayRecorder(deps: PlayRecorderDeps) {
  const { plays, clock, log } = deps;
  const quizzesIssued = createQuizzesIssued({
    localTime: deps.localTime,
    nowMs: clock.nowMs,
    write: (counts) => plays.recordPlays([], counts),
    onError: (error) => {
      if (deps.storage && isStorageFault(error)) deps.storage.failed(error, { writing: 'quizzes issued' });
      else log.error('could not write the quizzes issued', { error: String(error) });
    },
  });
  const counterFlush = createCounterFlush({
    flush: plays.flushCounters,
    onError: (error) => {
      if (deps.storage && isStorageFault(error)) deps.storage.failed(error, { writing: 'deferred counters' });
      else log.error('could not write the deferred counters', { error: String(error) });
    },
  });
  // An engine with a writer of its own flushes by itself (docs/decisions/035).
  const committed = createGroupCommit(
    plays,
    quizzesIssued,
    plays.flushesOnItsOwn ? undefined : counterFlush.schedule,
  );
  // Whether writes go through is seen on the plays themselves (/healthz, docs/decisions/012).
  const record: typeof committed = (play) =>
    committed(play).then(
      (outcome) => {
        deps.storage?.succeeded();
        return outcome;
      },
      (error) => {
        deps.storage?.failed(error);
        throw error;
      },
    );
  const context: SubmitContext = {
    catalogue: deps.catalogue,
    tokenSecret: deps.tokenSecret,
    tokenTtlSeconds: deps.config.quizTokenTtlSeconds,
    playMinSeconds: deps.config.playMinSeconds,
    localTime: deps.localTime,
    classifyDevice: createDeviceClassifier(),
    clock,
    record,
    recorded: plays,
    ...(deps.dailyRanks ? { dailyRanks: deps.dailyRanks } : {}),
    ...(deps.onRecorded ? { onRecorded: deps.onRecorded } : {}),
  };
  return {
    /** `addressKey`: the client's limiter key (the daily ranking is capped per address). */
    submit: (body: SubmitBody, addressKey?: string) => submitPlay(context, body, addressKey),
    /**
     * Counts a quiz handed out; throws 503 storage_unavailable instead while plays cannot be
     * recorded (a database away, a full disk): a player would answer 30 lines for nothing (issue 31).
     */
    countIssued: (): void => {
      const problem = deps.storage?.refusing();
      if (problem) throw storageUnavailable(problem);
      quizzesIssued.count();
      deps.onIssued?.();
    },
    /** A graceful stop: the quiz counts still in memory and the deferred counters are written. */
    async stop(): Promise<void> {
      await quizzesIssued.flush();
      await counterFlush.flush();
    },
  };
}

export type PlayRecorder = ReturnType<typeof createPlayRecorder>;
