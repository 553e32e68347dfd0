/**
 * Examples of the admin range reads for the API document, computed by the same pure functions
 * as the answers (src/storage/encoding/day-counts.ts), so they always fit their schemas.
 */
import {
  type AdminConfusions,
  type AdminDaily,
  type AdminDevices,
  type AdminHourlyPlayers,
  type AdminSummary,
  EXPORT_COLUMNS,
  type ExportTable,
  exportHeader,
} from '../shared/contracts/admin-range';
import type { ScoreDistribution } from '../shared/contracts/time-series';
import { DEFAULT_DIFFICULTY } from '../shared/difficulty';
import {
  type DayCounts,
  dailySeries,
  emptyDayCounts,
  emptyScoreCounts,
  scoreDistribution,
  summarizeRange,
} from '../storage/contract';
import { addDays } from '../time/day';

function counts(plays: number, players: number, newPlayers: number): DayCounts {
  const c = emptyDayCounts();
  c.plays = plays;
  c.players = players;
  c.newPlayers = newPlayers;
  c.answers = plays * 30;
  c.correct = Math.round(plays * 30 * 0.58);
  c.scoreSum = Math.round(plays * 17.4);
  c.byHour = c.byHour.map((_, hour) => (hour >= 8 ? Math.floor(plays / 16) : 0));
  c.byHour[20]! += plays - c.byHour.reduce((a, b) => a + b, 0);
  c.byDevice = { phone: Math.round(plays * 0.62), tablet: Math.round(plays * 0.05), desktop: 0, other: 0 };
  c.byDevice.desktop = plays - c.byDevice.phone - c.byDevice.tablet;
  c.byBrowser = {
    chrome: Math.round(plays * 0.55),
    safari: Math.round(plays * 0.3),
    firefox: Math.round(plays * 0.08),
    edge: 0,
    samsung: 0,
    opera: 0,
    other: 0,
  };
  c.byBrowser.other = plays - c.byBrowser.chrome - c.byBrowser.safari - c.byBrowser.firefox;
  return c;
}

const from = '2026-11-17';
const to = '2026-11-23';
const current = { ...summarizeRange(from, to, counts(412, 298, 171), 488), players: 236 };

export const exampleSummary: AdminSummary = {
  today: to,
  firstDay: '2026-09-24',
  comparison: 'previous',
  comparable: true,
  current,
  previous: { ...summarizeRange('2026-11-10', '2026-11-16', counts(377, 270, 160), 452), players: 219 },
};

export const exampleDevices: AdminDevices = {
  from,
  to,
  plays: current.plays,
  byDevice: current.byDevice,
  byBrowser: current.byBrowser,
  players: current.players,
  newPlayers: current.newPlayers,
  returningPlayers: current.players - current.newPlayers,
  playerDays: current.playerDays,
  returningPlayerDays: current.playerDays - current.newPlayers,
  quizzesIssued: current.quizzesIssued,
  completionRate: current.completionRate,
};

const perDay = [52, 61, 48, 70, 66, 59, 56];
export const exampleDaily: AdminDaily = {
  from,
  to,
  group: 'day',
  points: dailySeries(
    from,
    to,
    new Map(perDay.map((plays, i) => [addDays(from, i), counts(plays, plays - 12, 20 + i)])),
    new Map(perDay.map((plays, i) => [addDays(from, i), plays + 10])),
  ).map((point) => ({ ...point, through: point.day })),
};

const histogram = emptyScoreCounts();
[
  0, 0, 1, 1, 2, 3, 4, 6, 8, 10, 13, 15, 18, 21, 24, 27, 29, 31, 32, 31, 29, 26, 22, 18, 14, 10, 7, 5, 3, 1,
  1,
].forEach((n, score) => {
  histogram.byScore[score] = n;
  histogram.plays += n;
  histogram.scoreSum += n * score;
});
export const exampleScores: ScoreDistribution = scoreDistribution(from, to, DEFAULT_DIFFICULTY, histogram);

/** The header row of an export, as the server writes it. */
const headerOf = (table: ExportTable) =>
  `${EXPORT_COLUMNS[table].map((column) => exportHeader(table, column)).join(';')}\r\n`;

/** One example file per export (header and a first row or two), for the API document. */
export const exampleConfusions: AdminConfusions = {
  from: '2026-11-01',
  to: '2026-11-23',
  period: 'range',
  scope: 'all',
  confusions: [
    {
      songId: 12,
      songTitle: 'Zatvorene škure',
      selectedSongId: 17,
      selectedSongTitle: 'Divlja kupina',
      times: 41,
    },
  ],
};

export const exampleHourlyPlayers: AdminHourlyPlayers = {
  players: 3,
  byEarliestHour: Array.from({ length: 24 }, (_, h) => (h === 9 ? 1 : h === 20 ? 2 : 0)),
  playersThrough: Array.from({ length: 24 }, (_, h) => (h < 9 ? 0 : h < 20 ? 1 : 3)),
};

export const exampleCsv: Record<ExportTable, string> = {
  lyrics: `${headerOf('lyrics')}345;Puše bura, hladna i prava,;Zatvorene škure;Sol na usnama;1992;41;29;70,7\r\n`,
  songs: `${headerOf('songs')}12;Zatvorene škure;Sol na usnama;1992;812;503;61,9\r\n`,
  albums: `${headerOf('albums')}3;Sol na usnama;4120;2398;58,2\r\n`,
  hourly: `${headerOf('hourly')}0;4;1,2\r\n1;2;0,6\r\n`,
  daily: `${headerOf('daily')}2026-11-17;52;40;20;62;1560;905;58;83,9\r\n`,
  scores: `${headerOf('scores')}0;0;0\r\n1;0;0\r\n2;1;0,2\r\n`,
  bands: `${headerOf('bands')}Odlično;27;30;10;2,4\r\n`,
  confusions: `${headerOf('confusions')}12;Zatvorene škure;17;Divlja kupina;41\r\n`,
  summary: `${headerOf('summary')}Igranja;${current.plays};${exampleSummary.previous.plays};9,3\r\nRazličiti igrači;${current.players};${exampleSummary.previous.players};7,8\r\n`,
  devices: `${headerOf('devices')}Uređaj;Mobitel;${current.byDevice.phone};61,2\r\nIgrači;Različiti igrači;${current.players};\r\nKvizovi;Dovršenost kvizova (%);84,4;\r\n`,
};
