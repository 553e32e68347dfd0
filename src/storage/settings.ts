import { randomBytes } from 'node:crypto';
import type { ImportSummary } from '../catalogue/import-walk';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { type Day, dayOf } from '../time/day';
import type { DailySettings, MetaStore, Runtime } from './contract';

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Reads the daily challenge's settings from the meta table of either engine, creating them on the
 * first start (`today` becomes the first day); instances started together agree on the first written.
 */
export async function openDailySettings(meta: MetaStore, today: Day): Promise<DailySettings> {
  return {
    secret: await meta.readOrCreate('daily_secret', newSecret),
    firstDay: await meta.readOrCreate('daily_first_day', () => today),
  };
}

/**
 * The generated secrets and the daily settings, read from (or created in) the meta table: the
 * same code for every engine, so processes on one database agree on them.
 */
export async function openSettings(
  meta: MetaStore,
  config: Pick<Config, 'quizTokenSecret' | 'statsTimezone'>,
): Promise<Pick<Runtime, 'secrets' | 'daily'>> {
  const quizToken = config.quizTokenSecret ?? (await meta.readOrCreate('quiz_token_secret', newSecret));
  const playerSalt = await meta.readOrCreate('player_salt', newSecret);
  const daily = await openDailySettings(meta, dayOf(Date.now(), config.statsTimezone));
  return { secrets: { quizToken, playerSalt }, daily };
}

export function logSeeded(log: Logger, seeded: ImportSummary) {
  log.info('seeded the demo catalogue', { albums: seeded.albums, songs: seeded.songs, lines: seeded.lines });
}
