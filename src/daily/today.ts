import type { DailyToday } from '../shared/contracts/pages';
import type { DailySettings, DailyStore } from '../storage/contract';
import type { Clock } from '../time/clock';
import type { LocalTime } from '../time/day';
import { nextDayStart } from '../time/day-end';
import { dailySummary } from './reads';
import { challengeNumber } from './service';

export interface DailyTodayDeps {
  settings: DailySettings;
  store: DailyStore;
  clock: Clock;
  /** Day and hour in the statistics time zone. */
  localTime: (epochMs: number) => LocalTime;
  timeZone: string;
}

/**
 * Today's challenge as the pages and the API show it: its day, number and end, computed once a
 * day (the end of a day is a search over the time zone's offsets), and today's summary.
 */
export function createDailyToday({ settings, store, clock, localTime, timeZone }: DailyTodayDeps) {
  let today: DailyToday | undefined;
  const current = (): DailyToday => {
    const now = clock.nowMs();
    const day = localTime(now).day;
    if (today?.day !== day)
      today = {
        day,
        number: challengeNumber(settings, day),
        endsAt: new Date(nextDayStart(now, timeZone)).toISOString(),
      };
    return today;
  };
  return {
    today: current,
    summary: () => {
      const { day, number } = current();
      return dailySummary(store, day, number);
    },
  };
}
