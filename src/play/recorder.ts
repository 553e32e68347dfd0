import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Config } from '../config';
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
    onError: (error) => log.error('could not write the quizzes issued', { error: String(error) }),
  });
  const counterFlush = createCounterFlush({
    flush: plays.flushCounters,
    onError: (error) => log.error('could not write the deferred counters', { error: String(error) }),
  });
  const context: SubmitContext = {
    catalogue: deps.catalogue,
    tokenSecret: deps.tokenSecret,
    tokenTtlSeconds: deps.config.quizTokenTtlSeconds,
    playMinSeconds: deps.config.playMinSeconds,
    localTime: deps.localTime,
    classifyDevice: createDeviceClassifier(),
    clock,
    record: createGroupCommit(plays, quizzesIssued, counterFlush.schedule),
    recorded: plays,
  };
  return {
    submit: (body: SubmitBody) => submitPlay(context, body),
    countIssued: quizzesIssued.count,
    /** A graceful stop: the quiz counts still in memory and the deferred counters are written. */
    async stop(): Promise<void> {
      await quizzesIssued.flush();
      await counterFlush.flush();
    },
  };
}

export type PlayRecorder = ReturnType<typeof createPlayRecorder>;
