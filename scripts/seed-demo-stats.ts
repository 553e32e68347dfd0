/**
 * `npm run seed:demo-stats [-- PLAYS]`: fills the database at DATABASE_PATH with a few thousand
 * plays (default 3,000) spread over the last 60 days, for trying the admin dashboard. Never run
 * on start. Plays go through the product's own recording code (the play store's recordPlays,
 * as bench/lib/fill.ts does), with quizzes issued, days and hours in STATS_TIMEZONE and devices
 * classified from real user-agent strings. Deterministic (a fixed seed), with variation:
 * weekday/weekend and evening peaks, growth over the 60 days, players who come back, phones,
 * tablets and desktops, easy and hard lines and players, wrong picks among similar songs,
 * and about one quiz in five fetched but never submitted; landing visits from referring sites and
 * campaigns (a radio spot's QR code for a week, a newsletter, a launch post) and presses of the
 * share buttons (docs/decisions/040), counted per day as the server counts them.
 * Refuses a database that already has plays unless `--append` is given.
 */
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { createDeviceClassifier } from '../src/play/device';
import { PLAY_LENGTH } from '../src/shared/rules';
import { seededRandom } from '../src/shared/seeded-random';
import type { PlayToRecord, SourceCount } from '../src/storage/contract';
import { openSqliteRuntime } from '../src/storage/sqlite/runtime';

import { createTimeZoneConverter, type Day } from '../src/time/day';
import { nextDayStart } from '../src/time/day-end';

const args = process.argv.slice(2);
const total = Number(args.find((a) => /^\d+$/.test(a)) ?? 3_000);
const append = args.includes('--append');
const config = loadConfig(process.env);
// The demo fills an SQLite file (DATABASE_PATH); DATABASE_URL is not read here.
const runtime = await openSqliteRuntime(config, { seed: true, log: createLogger('warn') });
const existing = runtime.db.$client.query<{ n: number }, []>('SELECT count(*) AS n FROM plays').get()?.n ?? 0;
if (existing > 0 && !append) {
  console.error(`${config.databasePath} already has ${existing} plays; add --append to add more.`);
  process.exit(1);
}

const random = seededRandom(20261123);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const weighted = <T>(items: readonly (readonly [T, number])[]) => {
  let r = random() * items.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items.at(-1)![0];
};

const AGENTS = [
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    26,
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
    24,
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    10,
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    6,
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    16,
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    7,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    6,
  ],
  ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 5],
] as const;
/** Plays per hour of day: a morning bump, lunch, and the evening peak. */
const HOUR_WEIGHTS = [
  1, 0.5, 0.3, 0.2, 0.2, 0.4, 1, 2, 3, 3, 3, 3.5, 4.5, 4, 3.5, 3.5, 4, 5, 6.5, 8, 9, 8, 5, 2.5,
];

const { catalogue } = runtime;
const classify = createDeviceClassifier();
const localTime = createTimeZoneConverter(config.statsTimezone);
const lines = catalogue.askable;
/** Each line's chance of a right answer: most are fair, some hard, some easy. */
const ease = new Map(
  lines.map((l) => [
    l.id,
    Math.min(0.97, Math.max(0.08, 0.25 + random() * 0.55 + (random() < 0.15 ? 0.25 : 0))),
  ]),
);
const songs = catalogue.songs;

interface Player {
  session: string;
  skill: number;
  agent: string;
}
const players: Player[] = [];
const newPlayer = (): Player => {
  const n = players.length + 1;
  const player = {
    session: `5eed0000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    skill: (random() - 0.5) * 0.5,
    agent: weighted(AGENTS),
  };
  players.push(player);
  return player;
};

const DAYS = 60;
const now = Date.now();
/**
 * The first instant of each of the last 60 days in STATS_TIMEZONE, today last: a play's hour is
 * counted from its local midnight, so the evening peak falls in the local evening.
 */
const dayStarts: number[] = [];
for (
  let start = nextDayStart(now - (DAYS + 1) * 86_400_000, config.statsTimezone);
  start <= now;
  start = nextDayStart(start, config.statsTimezone)
)
  dayStarts.push(start);
dayStarts.splice(0, dayStarts.length - DAYS);
const startMs = dayStarts[0]!;
// Plays per day: a slow rise over the 60 days, more at weekends, some noise.
const dayWeights = Array.from({ length: DAYS }, (_, d) => {
  const weekday = new Date(`${localTime(dayStarts[d]!).day}T12:00:00Z`).getUTCDay();
  return (0.6 + (0.8 * d) / DAYS) * (weekday === 0 || weekday === 6 ? 1.5 : 1) * (0.75 + random() * 0.5);
});
const weightSum = dayWeights.reduce((a, b) => a + b, 0);

/** An instant on the day starting at `dayStart`, at an hour drawn from HOUR_WEIGHTS; today, before now. */
function playTime(dayStart: number): number | null {
  for (let attempt = 0; attempt < 20; attempt++) {
    const hour = weighted(HOUR_WEIGHTS.map((w, h) => [h, w] as const));
    const atMs = dayStart + hour * 3_600_000 + Math.floor(random() * 3_600_000);
    if (atMs < now - 60_000) return atMs;
  }
  return null;
}

/** Where landing visits come from: '' is a visit that named no site (typed, a bookmark, an app). */
const REFERRERS = [
  ['', 34],
  ['facebook.com', 15],
  ['m.facebook.com', 7],
  ['google.com', 11],
  ['l.instagram.com', 6],
  ['index.hr', 4],
  ['24sata.hr', 3],
  ['forum.hr', 3],
  ['reddit.com', 2],
  ['t.co', 2],
  ['com.google.android.gm', 1.5],
  ['bing.com', 1],
  ['duckduckgo.com', 0.8],
] as const;
/** The share buttons, as often as people press them (the system sheet on phones only). */
const SHARES = [
  ['whatsapp', 38],
  ['facebook', 18],
  ['copy', 16],
  ['native', 16],
  ['x', 6],
  ['instagram', 6],
] as const;
/** Campaigns: a radio spot's QR code in the third week, a monthly newsletter, a launch post. */
function campaignOf(d: number): string | null {
  if (d >= 14 && d < 21 && random() < 0.35) return 'radio sljeme|qr|jesen';
  if (d % 30 === 3 && random() < 0.5) return 'newsletter|email|novi-album';
  if (d < 5 && random() < 0.2) return 'facebook|social|lansiranje';
  if (random() < 0.03) return 'instagram|bio|profil';
  return null;
}

/** A day's landing visits and shares as the server counts them (src/sources/counter.ts). */
function dayOfSources(day: Day, d: number, plays: number): SourceCount[] {
  const counts = new Map<string, number>();
  const add = (kind: string, key: string) =>
    counts.set(`${kind}\t${key}`, (counts.get(`${kind}\t${key}`) ?? 0) + 1);
  // More visits than plays: some look around and leave, some fetch a quiz and never finish it.
  const visits = Math.round(plays * (1.25 + random() * 0.2));
  for (let i = 0; i < visits; i++) {
    const campaign = campaignOf(d);
    add('referrer', campaign?.startsWith('radio') ? '' : weighted(REFERRERS));
    if (campaign) add('campaign', campaign);
  }
  for (let i = 0; i < plays; i++) if (random() < 0.16) add('share', weighted(SHARES));
  return [...counts].map(([k, count]) => {
    const [kind, key] = k.split('\t') as [SourceCount['kind'], string];
    return { day, kind, key, count };
  });
}

const batch: PlayToRecord[] = [];
let issued = new Map<Day, number>();
let recorded = 0;
const flush = async () => {
  const outcomes = await runtime.stores.plays.recordPlays(batch.splice(0), issued);
  issued = new Map();
  for (const outcome of outcomes) if (outcome instanceof Error) throw outcome;
  recorded += outcomes.length;
};

for (let d = 0; d < DAYS; d++) {
  const plays = Math.round((total * dayWeights[d]!) / weightSum);
  const times = Array.from({ length: plays }, () => playTime(dayStarts[d]!))
    .filter((atMs) => atMs !== null)
    .sort((a, b) => a - b);
  await runtime.stores.sources.add(dayOfSources(localTime(dayStarts[d]!).day, d, times.length));
  const today: Player[] = [];
  for (const atMs of times) {
    const { day, hour } = localTime(atMs);
    // About one quiz in five is fetched and never submitted.
    const fetched = random() < 0.22 ? 2 : 1;
    issued.set(day, (issued.get(day) ?? 0) + fetched);
    // 'Igraj ponovno': about one play in six is another round of someone who played earlier that
    // day; returning players from earlier days grow as the weeks go by.
    const player =
      today.length > 0 && random() < 0.17
        ? pick(today)
        : players.length > 20 && random() < 0.3 + (0.25 * d) / DAYS
          ? pick(players)
          : newPlayer();
    today.push(player);
    const pool = [...lines];
    const answers = Array.from({ length: PLAY_LENGTH }, (_, position) => {
      const line = pool.splice(Math.floor(random() * pool.length), 1)[0]!;
      const right = random() < (ease.get(line.id) ?? 0.5) + player.skill;
      // A wrong pick: usually a song next to it in the catalogue (similar songs get confused).
      const other =
        random() < 0.7
          ? songs[(line.song.index + 1 + Math.floor(random() * 3)) % songs.length]!
          : pick(songs);
      const selectedSongId = right || other.id === line.song.id ? line.song.id : other.id;
      return {
        position,
        lyricId: line.id,
        songId: line.song.id,
        albumId: line.song.album.id,
        selectedSongId,
        isCorrect: selectedSongId === line.song.id,
      };
    });
    const device = classify(player.agent);
    batch.push({
      answers,
      score: answers.filter((a) => a.isCorrect).length,
      nonce: `seed-${atMs}-${recorded + batch.length}`,
      sessionId: player.session,
      createdAtMs: atMs,
      day,
      hour,
      difficulty: 'normal',
      deviceClass: device.deviceClass,
      browser: device.browser,
    });
    if (batch.length >= 200) await flush();
  }
}
await flush();
const first = localTime(startMs).day;
console.log(
  JSON.stringify({
    database: config.databasePath,
    plays: recorded,
    players: players.length,
    from: first,
    to: localTime(now).day,
  }),
);
await runtime.close();
