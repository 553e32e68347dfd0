/** Turns one bench run into docs/performance.md: every figure, every target, met or missed. */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EngineResults } from './engines';
import type { LiveGameReport } from './live-game';
import type { OpenLoopRun } from './open-loop';
import type { PageWeight } from './page-weight';
import type { ResidentMiB } from './proc';
import type { Load } from './wrk';

interface StatsSize {
  plays: number;
  fillSeconds: number;
  dbMiB: number;
  httpMs: Record<string, number>;
  /** Both servers bound to one CPU for the HTTP reads (bench/lib/server.ts, pinToCpu); absent in older results. */
  pinned?: boolean;
  uncachedMs: Record<string, number>;
  recomputeMs: Record<string, number>;
  /** Date-range reads in process, uncached: summary and score distribution of a day and of a year, a year's series. */
  rangeMs: Record<string, number>;
  yearPlays: number;
  storage: {
    plays: number;
    rawRecordBytes: number;
    databaseBytes: number;
    rawRecordBytesPerPlay: number;
    databaseBytesPerPlay: number;
    largest: [string, number][];
  };
}

/** `(anonymous A MiB, file pages F MiB)` when the run recorded the split. */
const split = (m: ResidentMiB | undefined) =>
  m ? ` (anonymous ${m.anon.toFixed(0)} MiB, file pages ${m.file.toFixed(0)} MiB)` : '';

export interface Results {
  date: string;
  command: string;
  machine: { cpus: number; model: string; bun: string };
  profile: Record<string, number>;
  binaryMiB: number;
  firstStartFreshMs: number;
  firstStartExistingMs: number;
  rssAfterLoadMiB: number;
  /** The same by kind (absent in results of runs before 2026-11-28). */
  residentAfterLoadMiB?: ResidentMiB;
  residentIdleMiB?: ResidentMiB;
  /** RSS of the same server after it has been idle `rssIdleAfterMs` following the loads. */
  rssIdleMiB: number;
  rssIdleAfterMs: number;
  ceiling: Load;
  /** The same bare server answering a quiz of the product, byte for byte (payload-matched). */
  ceilingSized: Load;
  quiz: Load;
  /** `GET /api/daily`: today's challenge, the same wrk load as the quiz's. */
  daily?: Load;
  quizBytes: number;
  submit: Load & {
    playsPerSecond: number;
    countersVerified: boolean;
    recorded: number;
    bodiesRanOut: boolean;
  };
  /** Pages as a browser asks for them (Accept-Encoding: gzip, br)… */
  landing: Load;
  statisticsPage: Load;
  /** …and without compression. */
  landingRaw: Load;
  statisticsPageRaw: Load;
  starts: { freshMs: number[]; existingMs: number[] };
  pageWeights: Record<string, PageWeight>;
  stats: { small: StatsSize; large: StatsSize };
  /** SQLite vs PostgreSQL, one vs two instances (bench/lib/engines.ts). */
  engines: EngineResults;
  /** Open-loop submissions at fixed rates with two readers alongside (bench/lib/open-loop.ts). */
  latencyUnderLoad: OpenLoopRun[];
  /** `kviz stats verify` on the open-loop server's database after its runs. */
  latencyCountersVerified: boolean;
  /** Kviz uživo: one room, and many rooms at once (bench/lib/live-game.ts). */
  liveGame: LiveGameReport[];
  seconds: number;
}

const n0 = (v: number) => Math.round(v).toLocaleString('en');
const n1 = (v: number) => v.toLocaleString('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const n2 = (v: number) => v.toFixed(2);
const ms = (v: number) =>
  v < 1 ? `${(v * 1000).toFixed(0)} µs` : v < 100 ? `${v.toFixed(2)} ms` : `${(v / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');

function lighthouseRows(): string[] {
  const path = resolve(import.meta.dir, '../results/lighthouse.json');
  if (!existsSync(path))
    return [
      '| Lighthouse performance `/`, `/quiz`, `/statistics` | not measured in this run: `npm run bench:lighthouse` | ≥ 0.98 | — |',
    ];
  const lighthouse = JSON.parse(readFileSync(path, 'utf8')) as {
    date: string;
    scores: Record<string, number>;
    lyricSortMs?: { median: number };
  };
  const when = `\`npm run bench:lighthouse\`, ${lighthouse.date.slice(0, 16).replace('T', ' ')}`;
  return [
    ...Object.entries(lighthouse.scores).map(
      ([page, score]) =>
        `| Lighthouse performance \`${page}\` (mobile defaults; ${when}) | ${score.toFixed(2)} | ≥ 0.98 | ${verdict(score >= 0.98)} |`,
    ),
    ...(lighthouse.lyricSortMs
      ? [
          `| Sorting the 2,002-row lyric table (pages of 100 rows) in chromium, click to next frame (${when}) | median ${lighthouse.lyricSortMs.median.toFixed(0)} ms | no visible stall | — |`,
        ]
      : []),
  ];
}

const pct = (share: number | undefined) => (share === undefined ? '—' : `${Math.round(share * 100)} %`);
const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** The engines' table: one column per configuration (SQLite, PostgreSQL with one and with two instances). */
export function renderEngineTable(e: EngineResults): string {
  const { configs, profile } = e;
  const row = (label: string, cell: (c: EngineResults['configs'][number]) => string) =>
    `| ${label} | ${configs.map(cell).join(' | ')} |`;
  const rounds = (xs: number[]) => (xs.length > 1 ? ` (${xs.map(n0).join(', ')})` : '');
  return [
    `| ${profile.connections} connections in all, ${profile.seconds} s a round, ${profile.rounds} interleaved round${profile.rounds === 1 ? '' : 's'} | ${configs.map((c) => c.name).join(' | ')} |`,
    `|---|${configs.map(() => '---:').join('|')}|`,
    row(
      `submissions, plays/s (median${profile.rounds > 1 ? '; each round' : ''})`,
      (c) =>
        `**${n0(medianOf(c.playsPerSecond))}**${rounds(c.playsPerSecond)}${c.bodiesRanOut ? ' (a lower bound: a round ran out of prepared bodies)' : ''}`,
    ),
    row(
      'submission latency p50 / p99 (median of rounds; two instances: the slower one)',
      (c) => `${n2(medianOf(c.submitP50Ms))} / ${n2(medianOf(c.submitP99Ms))} ms`,
    ),
    row('non-2xx answers, socket errors', (c) => `${c.non2xx}, ${c.errors}`),
    row('server CPU during the submissions (all instances, share of one core)', (c) =>
      pct(medianOf(c.serverCpu)),
    ),
    row(
      `\`GET ${e.readPath}\` during the submissions, p50 / p99`,
      (c) =>
        `${n2(c.readUnderLoad.p50Ms)} / ${n2(c.readUnderLoad.p99Ms)} ms (${n0(c.readUnderLoad.samples)} reads)`,
    ),
    row(
      'the same read at rest, p50 / p99',
      (c) => `${n2(c.readAtRest.p50Ms)} / ${n2(c.readAtRest.p99Ms)} ms (${n0(c.readAtRest.samples)} reads)`,
    ),
    row('counters after the run (`kviz stats verify`)', (c) =>
      c.countersVerified ? 'equal to the raw record' : '**differ**',
    ),
  ].join('\n');
}

/**
 * The PostgreSQL write path's targets (issue 31, docs/decisions/030): one instance ≥ 1,000
 * plays/s with counters verified, two on the same machine ≥ 0.9× one, and at 500 plays/s open loop
 * on one instance a reader p99 ≤ 20 ms and a submission p99 ≤ 50 ms.
 */
export function renderPgTargets(e: EngineResults): string {
  const one = e.configs.find((c) => c.engine === 'postgresql' && c.instances === 1);
  const two = e.configs.find((c) => c.engine === 'postgresql' && c.instances === 2);
  if (!one || !two) return '';
  const [r1, r2] = [medianOf(one.playsPerSecond), medianOf(two.playsPerSecond)];
  const rows = [
    `| PostgreSQL, 1 instance: plays/s (median of rounds), counters verified | **${n0(r1)}**, ${one.countersVerified ? 'verified' : '**differ**'} | ≥ 1,000 | ${verdict(r1 >= 1000 && one.countersVerified)} |`,
    `| PostgreSQL, 2 instances on this machine ÷ 1 instance | ${n0(r2)} ÷ ${n0(r1)} = **${n2(r2 / r1)}×**, ${two.countersVerified ? 'verified' : '**differ**'} | ≥ 0.9× | ${verdict(r2 / r1 >= 0.9 && two.countersVerified)} |`,
  ];
  const ol = e.pgOpenLoop;
  if (ol) {
    const reader = Math.max(ol.overview.p99Ms, ol.page.p99Ms);
    rows.push(
      `| ${n0(ol.rate)} plays/s open loop, 1 instance, ${ol.seconds} s: reader p99 (\`/api/stats/overview\` ${n2(ol.overview.p99Ms)} ms, \`/\` ${n2(ol.page.p99Ms)} ms) | **${n2(reader)} ms** | ≤ 20 ms | ${verdict(reader <= 20 && ol.overview.failed + ol.page.failed === 0)} |`,
      `| the same run: submission p99 (${n0(ol.submit.count)} acknowledged, ${ol.submit.failed} failed) | **${n2(ol.submit.p99Ms)} ms** | ≤ 50 ms | ${verdict(ol.submit.p99Ms <= 50 && ol.submit.failed === 0)} |`,
    );
  }
  return ['| PostgreSQL target | measured | target | |', '|---|---|---|---|', ...rows].join('\n');
}

const cpuOf = (load: Load) =>
  `server ${pct(load.serverCpu)} of a core (${load.serverCpuUsPerRequest?.toFixed(0) ?? '—'} µs a request), wrk ${pct(load.generatorCpu)}`;

/**
 * The results between the markers of an existing docs/performance.md, the rest of it (the
 * narrative: why the figures are what they are, each pass's A/B) kept as written there.
 */
export function spliceResults(existing: string, rendered: string): string {
  const [open, close] = ['<!-- results -->', '<!-- /results -->'];
  const from = existing.indexOf(open);
  const to = existing.indexOf(close);
  if (from < 0 || to < from) return rendered;
  return (
    existing.slice(0, from) +
    rendered.slice(rendered.indexOf(open), rendered.indexOf(close)) +
    existing.slice(to)
  );
}

/** The page's head and the results of one run (the narrative below them lives in the file). */
/** Kviz uživo's rows, against the issue's targets: every p99 ≤ 250 ms, RSS ≤ 300 MiB. */
function renderLiveGameTable(reports: LiveGameReport[]): string {
  const p99 = (v: number) => `${n0(v)} ms${v <= 250 ? '' : ' (**missed**)'}`;
  /** What each player added to the server's RSS while joining (its fixed cost and the room's excluded). */
  const perPlayer = (g: LiveGameReport) =>
    n1(((g.serverJoinedRssMiB - g.serverStartRssMiB) * 1024) / g.players);
  const rows = reports.map(
    (g) =>
      `| ${g.rooms} × ${n0(g.players / g.rooms)} (${n0(g.players)} players), ${g.lines} line${g.lines === 1 ? '' : 's'} of ${g.seconds} s | ${n0(g.joinAllMs)} ms (one join p99 ${n0(g.joinP99Ms)} ms) | ${n0(g.lineP50Ms)} / ${p99(g.lineP99Ms)} / ${n0(g.lineMaxMs)} ms | ${p99(g.ackP99Ms)} | ${n0(g.timeUpToResultP50Ms)} / ${p99(g.timeUpToResultP99Ms)} (host's reveal ≤ ${n0(g.timeUpToHostRevealMaxMs)} ms) | ${g.serverCpuPercentOfOneCore} % (generators ${g.generatorCpuPercentOfOneCore} %) | ${g.serverStartRssMiB} / ${g.serverJoinedRssMiB} MiB (${perPlayer(g)} KiB a player) | ${g.serverPeakRssMiB} MiB${g.serverPeakRssMiB <= 300 ? '' : ' (**missed**)'} |`,
  );
  const met = reports.every(
    (g) => Math.max(g.lineP99Ms, g.ackP99Ms, g.timeUpToResultP99Ms) <= 250 && g.serverPeakRssMiB <= 300,
  );
  return [
    "| rooms × players | everyone joined | line sent → received p50 / p99 / max | answer → ack p99 | time-up → result p50 / p99 (host screen's reveal, latest) | server CPU (of one core; in brackets the generators' while playing) | server RSS at start / all joined | server peak RSS |",
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Targets (issue 32): every p99 ≤ 250 ms and RSS ≤ 300 MiB: ${verdict(met)} at this load.`,
  ].join('\n');
}

function renderOpenLoopTable(runs: OpenLoopRun[]): string {
  const lat = (l: OpenLoopRun['submit']) =>
    `${n2(l.p50Ms)} / ${n2(l.p99Ms)} / ${n2(l.maxMs)} ms${l.failed > 0 ? ` (${l.failed} failed)` : ''}`;
  const rows = runs.map(
    (run) =>
      `| ${n0(run.rate)} plays/s × ${run.seconds} s | ${lat(run.submit)} | ${lat(run.overview)} | ${lat(run.page)} | ${
        run.eventLoop ? `${n2(run.eventLoop.p99Ms)} / ${n2(run.eventLoop.maxMs)} ms` : 'not logged'
      } |`,
  );
  return [
    '| arrival rate | submit p50 / p99 / max | `/api/stats/overview` p50 / p99 / max | `/` p50 / p99 / max | server event-loop delay p99 / max |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The goals of latency under load (docs/decisions/035), from the open-loop runs at 1,000 and 3,000 plays/s. */
function latencyRows(r: Results): string[] {
  const at = (rate: number) => r.latencyUnderLoad.find((run) => run.rate === rate);
  const readers = (run: OpenLoopRun) => ({
    p99: Math.max(run.overview.p99Ms, run.page.p99Ms),
    max: Math.max(run.overview.maxMs, run.page.maxMs),
  });
  const rows: string[] = [];
  const k1 = at(1_000);
  if (k1) {
    const { p99, max } = readers(k1);
    const loop = k1.eventLoop?.maxMs;
    rows.push(
      `| Latency under load, 1,000 plays/s open loop: readers (\`/api/stats/overview\`, \`/\`) p99 / max | **${n2(p99)} / ${n2(max)} ms** | p99 ≤ 10 ms, max ≤ 50 ms | ${verdict(p99 <= 10 && max <= 50)} |`,
      `| Latency under load, 1,000 plays/s: submit p99 | **${n2(k1.submit.p99Ms)} ms**${k1.submit.failed > 0 ? ` (${k1.submit.failed} failed)` : ''} | ≤ 30 ms | ${verdict(k1.submit.p99Ms <= 30 && k1.submit.failed === 0)} |`,
      `| Latency under load, 1,000 plays/s: the server's event-loop delay max | **${loop === undefined ? 'not logged' : `${n2(loop)} ms`}** | ≤ 20 ms | ${verdict(loop !== undefined && loop <= 20)} |`,
    );
  }
  const k3 = at(3_000);
  if (k3)
    rows.push(
      `| Latency under load, 3,000 plays/s: readers p99 | **${n2(readers(k3).p99)} ms** (max ${n2(readers(k3).max)} ms) | ≤ 25 ms | ${verdict(readers(k3).p99 <= 25)} |`,
    );
  rows.push(
    `| Counters after the open-loop runs (\`kviz stats verify\`) | ${r.latencyCountersVerified ? 'equal to the raw record' : '**differ from the raw record**'} | equal | ${verdict(r.latencyCountersVerified)} |`,
  );
  return rows;
}

/** The open-loop server's RSS after its last run: the loads of the latency section, on a server of their own. */
function rssAfterOpenLoop(r: Results): string[] {
  const rss = r.latencyUnderLoad.at(-1)?.rssAfterMiB;
  if (rss === undefined) return [];
  return [
    `| RSS after the latency-under-load runs (${r.latencyUnderLoad.map((run) => n0(run.rate)).join(', ')} plays/s; a server of their own) | **${rss.toFixed(0)} MiB** | ≤ 100 MB | ${verdict(rss <= 100)} |`,
  ];
}

export function renderPerformanceDoc(r: Results): string {
  const rps = (load: Load) => load.requestsPerSecond;
  const ratio = (load: Load) => rps(load) / rps(r.ceiling);
  const quizVsMatched = rps(r.quiz) / rps(r.ceilingSized);
  const { small, large } = r.stats;
  const reads = Object.keys(large.httpMs);
  // The running-totals part of the summary (the distinct players are a count over day_players,
  // reported on their own row: docs/decisions/024).
  const rangeGrowth = large.rangeMs.countsYear! / large.rangeMs.countsDay!;
  const confusionGrowth = large.rangeMs.confusionsTopYear! / large.rangeMs.confusionsTopDay!;
  const rows: string[] = [
    `| Ceiling: bare \`Bun.serve\`, tiny JSON, ${r.profile.connections} connections | ${n0(rps(r.ceiling))} req/s (p50 ${n2(r.ceiling.latencyP50Ms)} ms, p99 ${n2(r.ceiling.latencyP99Ms)} ms); ${cpuOf(r.ceiling)} | — | — |`,
    `| Payload-matched ceiling: the same bare server answering a quiz of this run byte for byte (${kb(r.quizBytes)}) | ${n0(rps(r.ceilingSized))} req/s = ${n2(ratio(r.ceilingSized))}× the tiny ceiling; ${cpuOf(r.ceilingSized)} | — | — |`,
    `| \`GET /api/quiz?count=30\` vs the payload-matched ceiling | ${n0(rps(r.quiz))} req/s = **${n2(quizVsMatched)}×** (${n2(ratio(r.quiz))}× the tiny ceiling); ${cpuOf(r.quiz)} | ≥ 0.70× | ${verdict(quizVsMatched >= 0.7)} |`,
    ...(r.daily
      ? [
          `| \`GET /api/daily\` (today's challenge) vs \`GET /api/quiz?count=30\`, same run and connections | ${n0(rps(r.daily))} req/s = **${n2(rps(r.daily) / rps(r.quiz))}×** the quiz; p99 ${n2(r.daily.latencyP99Ms)} ms; ${cpuOf(r.daily)} | ≥ 0.8× | ${verdict(rps(r.daily) >= 0.8 * rps(r.quiz))} |`,
        ]
      : []),
    `| \`GET /api/quiz?count=30\` latency | p50 ${n2(r.quiz.latencyP50Ms)} ms, p99 **${n2(r.quiz.latencyP99Ms)} ms** | p99 ≤ 10 ms | ${verdict(r.quiz.latencyP99Ms <= 10)} |`,
    `| \`POST /api/stats/submit-quiz\` (${n0(r.submit.recorded)} plays recorded, valid tokens, every counter of docs/decisions/014) | **${n0(r.submit.playsPerSecond)} plays/s**${r.submit.bodiesRanOut ? ' (a lower bound: every prepared body was sent before the run ended)' : ''} (p50 ${n2(r.submit.latencyP50Ms)} ms, p99 ${n2(r.submit.latencyP99Ms)} ms), ${r.submit.non2xx} non-2xx; counters ${r.submit.countersVerified ? 'verified equal to the raw record' : '**differ from the raw record**'}; ${cpuOf(r.submit)} | ≥ 5,000 plays/s, counters verified | ${verdict(r.submit.playsPerSecond >= 5000 && r.submit.countersVerified)} |`,
    `| \`GET /\`, as a browser asks (\`Accept-Encoding: gzip, br\`) | ${n0(rps(r.landing))} req/s = **${n2(ratio(r.landing))}×** ceiling (uncompressed: ${n2(ratio(r.landingRaw))}×) | ≥ 0.5× | ${verdict(ratio(r.landing) >= 0.5)} |`,
    `| \`GET /statistics\`, as a browser asks | ${n0(rps(r.statisticsPage))} req/s = **${n2(ratio(r.statisticsPage))}×** ceiling (uncompressed: ${n2(ratio(r.statisticsPageRaw))}×) | ≥ 0.5× | ${verdict(ratio(r.statisticsPage) >= 0.5)} |`,
    `| Raw record at ${n0(large.storage.plays)} plays (\`plays\` + its nonce index + \`answer_keys\`, from \`dbstat\`) | **${large.storage.rawRecordBytesPerPlay.toFixed(0)} bytes a play** (${(large.storage.rawRecordBytes / 1024 / 1024).toFixed(0)} MiB); the whole database ${large.storage.databaseBytesPerPlay.toFixed(0)} bytes a play (${(large.storage.databaseBytes / 1024 / 1024).toFixed(0)} MiB) | ≤ 250 bytes | ${verdict(large.storage.rawRecordBytesPerPlay <= 250)} |`,
    `| Date-range summary at ${n0(large.plays)} plays, in process, uncached: a year (365 days, ${n0(large.yearPlays)} plays) vs one day | ${ms(large.rangeMs.countsYear!)} vs ${ms(large.rangeMs.countsDay!)} = **${n2(rangeGrowth)}×** (score distribution: ${ms(large.rangeMs.distributionYear!)} vs ${ms(large.rangeMs.distributionDay!)}; a year's daily series, one row a day: ${ms(large.rangeMs.seriesYear!)}) | ≤ 1.5× | ${verdict(rangeGrowth <= 1.5)} |`,
    `| Distinct players of a range (COUNT(DISTINCT) over its \`day_players\` rows; grows with the range's player-days), a year vs one day | ${ms(large.rangeMs.distinctPlayersYear!)} vs ${ms(large.rangeMs.distinctPlayersDay!)} (the whole summary with it: ${ms(large.rangeMs.summaryYear!)} vs ${ms(large.rangeMs.summaryDay!)}) | — | — |`,
    `| Confusions of a range (\`cumulative_confusions\`), overall top 100: a year vs one day | ${ms(large.rangeMs.confusionsTopYear!)} vs ${ms(large.rangeMs.confusionsTopDay!)} = **${n2(confusionGrowth)}×** (all time: ${ms(large.rangeMs.confusionsTopAllTime!)}; the busiest line: ${ms(large.rangeMs.confusionsLineYear!)} vs ${ms(large.rangeMs.confusionsLineDay!)}; the busiest song: ${ms(large.rangeMs.confusionsSongYear!)} vs ${ms(large.rangeMs.confusionsSongDay!)}) | ≤ 1.5× | ${verdict(confusionGrowth <= 1.5)} |`,
    ...reads.map((name) => {
      const growth = large.httpMs[name]! / small.httpMs[name]!;
      return `| Read \`${name}\`: ${n0(small.plays)} → ${n0(large.plays)} plays | ${ms(small.httpMs[name]!)} → ${ms(large.httpMs[name]!)} = **${n2(growth)}×** | ≤ 1.2× | ${verdict(growth <= 1.2)} |`;
    }),
    ...reads.map((name) => {
      // Like with like: the read's own work (in process, no cache) against the recompute's.
      // Over HTTP a loopback round trip alone costs more than the whole read
      // (docs/performance.md#figures-behind-code-comments).
      const speedup = large.recomputeMs[name]! / large.uncachedMs[name]!;
      return `| Read \`${name}\` vs recompute from the raw record at ${n0(large.plays)} plays, in process, read uncached | ${ms(large.uncachedMs[name]!)} vs ${ms(large.recomputeMs[name]!)} = **${n0(speedup)}×** faster (over HTTP: ${ms(large.httpMs[name]!)}, ${n0(large.recomputeMs[name]! / large.httpMs[name]!)}×) | ≥ 1,000× | ${verdict(speedup >= 1000)} |`;
    }),
    `| First start to first 200, fresh database (median of 5: ${r.starts.freshMs.map(n0).join(', ')} ms) | **${n0(r.firstStartFreshMs)} ms** | ≤ 100 ms | ${verdict(r.firstStartFreshMs <= 100)} |`,
    `| Start to first 200, existing database (median of 5: ${r.starts.existingMs.map(n0).join(', ')} ms) | ${n0(r.firstStartExistingMs)} ms | — | — |`,
    ...latencyRows(r),
    `| RSS right after the loads above${split(r.residentAfterLoadMiB)} | **${r.rssAfterLoadMiB.toFixed(0)} MiB** | ≤ 100 MB | ${verdict(r.rssAfterLoadMiB <= 100)} |`,
    ...rssAfterOpenLoop(r),
    `| RSS of the same server idle ${(r.rssIdleAfterMs / 1000).toFixed(1)} s after the loads${split(r.residentIdleMiB)} | ${r.rssIdleMiB.toFixed(0)} MiB | — | — |`,
    `| Binary size | ${r.binaryMiB.toFixed(1)} MiB | — | — |`,
    ...lighthouseRows(),
  ];
  const weights = Object.entries(r.pageWeights).map(
    ([page, w]) => `| \`${page}\` | ${kb(w.jsGzipBytes)} | ${kb(w.cssGzipBytes)} |`,
  );
  const statsRows = [small, large].map(
    (s) =>
      `| ${n0(s.plays)} | ${s.fillSeconds.toFixed(1)} s | ${s.dbMiB.toFixed(0)} MiB | ${reads.map((name) => `${name} ${ms(s.httpMs[name]!)} / ${ms(s.uncachedMs[name]!)} / ${ms(s.recomputeMs[name]!)}`).join('<br>')} |`,
  );

  return `# Performance

Measured by \`npm run bench\` (\`bench/run.ts\`): it builds the binary, starts it on a temporary
database on 127.0.0.1, and loads it with [wrk](https://github.com/wg/wrk) (Debian's \`wrk\`,
installed by the bench when missing; one thread, ${r.profile.connections} connections,
${r.profile.duration} s a run; submissions send each prepared body once, \`bench/lib/wrk/report.lua\`).
Every ratio compares two figures taken **in the same run**: these machines are shared and
noisy, so absolute numbers move between runs while ratios hold. Throughput is wrk's requests
over its run time. The generator runs on the same ${r.machine.cpus}-core machine as the server;
each HTTP row shows the CPU time the server process and wrk used (a share of one core, from
\`/proc\` and wrk's resource usage): a server near a whole core with wrk well below one is a
server-bound figure, not a generator-bound one.

<!-- results -->
Run: ${r.date} · \`${r.command}\` · ${r.machine.cpus} × ${r.machine.model} · Bun ${r.machine.bun} · ${r.seconds.toFixed(0)} s

| figure | measured | target | |
|---|---|---|---|
${rows.join('\n')}

### Statistics reads at two sizes

HTTP latency (median of ${r.profile.readSamples} sequential requests, client side, alternating between the two databases${large.pinned ? ', both servers bound to the same CPU' : ', the servers not bound to a CPU (no taskset): expect ±25 % between two identical servers'}) / the same read
in process with no cache (what the server pays once per change of the statistics) / every
counter recomputed from the raw record (the naive design: decoding every play). The databases
are filled through the product's own recording code (\`bench/lib/fill.ts\`: plays in time
order over 400 days from 2025-01-01, by up to 100,000 players).

| plays | fill | database | read: HTTP / uncached / recompute |
|---|---|---|---|
${statsRows.join('\n')}

Largest tables and indexes at ${n0(large.storage.plays)} plays: ${large.storage.largest.map(([name, bytes]) => `\`${name}\` ${(bytes / 1024 / 1024).toFixed(1)} MiB`).join(', ')}.

### SQLite and PostgreSQL, one and two instances

The same binary over SQLite, over PostgreSQL ${r.engines.postgresVersion} (a throwaway cluster of
Debian's package on this machine, fsync on: \`test/support/postgres.ts\`), and twice over one
PostgreSQL database with the load split evenly across the two, as behind a balancer
(\`bench/lib/engines.ts\`, ${r.engines.seconds.toFixed(0)} s of this run). Every round prepares fresh
submissions (a quiz fetched from the instance that receives the play) and loads every instance
with wrk at once while one client reads \`${r.engines.readPath}\` over HTTP, one read at a time,
${r.engines.profile.readPauseMs} ms apart, alternating between the instances: each commit changes the
statistics version, so those reads mostly miss the cache and ask the database. Then ${r.engines.profile.reads}
reads a round at rest (cached per version). Fewer connections than the submission row above
(${r.engines.profile.connections} in all), so its SQLite figure differs from that row's.

${renderEngineTable(r.engines)}

${renderPgTargets(r.engines)}

### Latency under load (open loop)

Submissions sent at a fixed rate whatever the server does, while one reader fetches
\`/api/stats/overview\` and another \`/\` every 5 ms (\`bench/lib/open-loop.ts\`; client and server
on the same cores). Each latency counts from the moment the request was due; the server's
event-loop delay is its own timer probe (\`LOG_LEVEL=debug\`, docs/decisions/029).

${renderOpenLoopTable(r.latencyUnderLoad)}

### Kviz uživo (live game)

Each scenario on a server of its own (the binary, SQLite): the hosts' sockets in the bench process,
the players' in ${r.liveGame[0]?.generators ?? 2} generator processes (\`bench/lib/live-game.ts\`), all on the same
${r.machine.cpus} cores as the server. Every player answers each line at a random moment except one in
ten and the last of each room, so each line ends at time-up. A line counts from the host's
\`start\`/\`next\` leaving the bench, and so does the time-up (plus the line's seconds: an overcount by
the host → server leg, never an undercount).
The issue's loads: 5,000 players in one room, then 200 rooms × 10 at once
(\`bun bench/live-game.ts --binary PATH\` runs the same alone). "Result" is each phone's own
scoreboard after the time-up (right or wrong, points, rank, with the line's reveal inside: one
frame a phone); the host screen gets the reveal alone, before the results. The RSS a player costs
is the growth from start to all joined over the players (with many rooms, the rooms' cost too).

${renderLiveGameTable(r.liveGame)}

### Page weight (gzip, from the build output)

| page | JS | CSS |
|---|---|---|
${weights.join('\n')}

uPlot is not counted above: the dashboard fetches it (≈ 23 KB gzip) only when the hourly
charts are shown.
<!-- /results -->
`;
}
