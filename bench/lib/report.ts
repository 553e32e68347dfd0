/** Turns one bench run into docs/performance.md: every figure, every target, met or missed. */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PageWeight } from './page-weight';

/** One autocannon run, as bench/lib/autocannon.mjs prints it. */
export interface Load {
  requestsPerSecondMedian: number;
  requestsPerSecondMean: number;
  total: number;
  seconds: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface StatsSize {
  plays: number;
  fillSeconds: number;
  dbMiB: number;
  httpMs: Record<string, number>;
  uncachedMs: Record<string, number>;
  recomputeMs: Record<string, number>;
}

export interface Results {
  date: string;
  command: string;
  machine: { cpus: number; model: string; bun: string };
  profile: Record<string, number>;
  binaryMiB: number;
  firstStartFreshMs: number;
  firstStartExistingMs: number;
  rssAfterLoadMiB: number;
  ceiling: Load;
  /** The same bare server answering a body as large as a quiz. */
  ceilingSized: Load;
  quiz: Load;
  submit: Load & { playsPerSecond: number; countersVerified: boolean; recorded: number };
  /** Pages as a browser asks for them (Accept-Encoding: gzip, br)… */
  landing: Load;
  statisticsPage: Load;
  /** …and without compression. */
  landingRaw: Load;
  statisticsPageRaw: Load;
  starts: { freshMs: number[]; existingMs: number[] };
  pageWeights: Record<string, PageWeight>;
  stats: { small: StatsSize; large: StatsSize };
  seconds: number;
}

const n0 = (v: number) => Math.round(v).toLocaleString('en');
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

export function renderPerformanceDoc(r: Results): string {
  const ratio = (load: Load) => load.requestsPerSecondMedian / r.ceiling.requestsPerSecondMedian;
  const { small, large } = r.stats;
  const reads = Object.keys(large.httpMs);
  const rows: string[] = [
    `| Ceiling: bare \`Bun.serve\` JSON, ${r.profile.connections} connections | ${n0(r.ceiling.requestsPerSecondMedian)} req/s (p50 ${r.ceiling.latencyP50Ms} ms, p99 ${r.ceiling.latencyP99Ms} ms) | — | — |`,
    `| Ceiling with a quiz-sized body (${kb(11_500)} of JSON, nothing computed) | ${n0(r.ceilingSized.requestsPerSecondMedian)} req/s = ${n2(ratio(r.ceilingSized))}× ceiling | — | — |`,
    `| \`GET /api/quiz?count=30\` | ${n0(r.quiz.requestsPerSecondMedian)} req/s = **${n2(ratio(r.quiz))}×** ceiling (${n2(r.quiz.requestsPerSecondMedian / r.ceilingSized.requestsPerSecondMedian)}× the quiz-sized ceiling) | ≥ 0.40× | ${verdict(ratio(r.quiz) >= 0.4)} |`,
    `| \`GET /api/quiz?count=30\` latency | p50 ${r.quiz.latencyP50Ms} ms, p99 **${r.quiz.latencyP99Ms} ms** | p99 ≤ 10 ms | ${verdict(r.quiz.latencyP99Ms <= 10)} |`,
    `| \`POST /api/stats/submit-quiz\` (${n0(r.submit.total)} plays, valid tokens) | **${n0(r.submit.playsPerSecond)} plays/s** (p50 ${r.submit.latencyP50Ms} ms, p99 ${r.submit.latencyP99Ms} ms), ${r.submit.non2xx} non-2xx; counters ${r.submit.countersVerified ? 'verified equal to the raw answers' : '**differ from the raw answers**'} | ≥ 5,000 plays/s | ${verdict(r.submit.playsPerSecond >= 5000)} |`,
    `| \`GET /\`, as a browser asks (\`Accept-Encoding: gzip, br\`) | ${n0(r.landing.requestsPerSecondMedian)} req/s = **${n2(ratio(r.landing))}×** ceiling (uncompressed: ${n2(ratio(r.landingRaw))}×) | ≥ 0.5× | ${verdict(ratio(r.landing) >= 0.5)} |`,
    `| \`GET /statistics\`, as a browser asks | ${n0(r.statisticsPage.requestsPerSecondMedian)} req/s = **${n2(ratio(r.statisticsPage))}×** ceiling (uncompressed: ${n2(ratio(r.statisticsPageRaw))}×) | ≥ 0.5× | ${verdict(ratio(r.statisticsPage) >= 0.5)} |`,
    ...reads.map((name) => {
      const growth = large.httpMs[name]! / small.httpMs[name]!;
      return `| Read \`${name}\`: ${n0(small.plays)} → ${n0(large.plays)} plays | ${ms(small.httpMs[name]!)} → ${ms(large.httpMs[name]!)} = **${n2(growth)}×** | ≤ 1.2× | ${verdict(growth <= 1.2)} |`;
    }),
    ...reads.map((name) => {
      // Like with like: the read's own work (in process, no cache) against the recompute's.
      // Over HTTP a loopback round trip alone costs ~0.1 ms, more than the whole read.
      const speedup = large.recomputeMs[name]! / large.uncachedMs[name]!;
      return `| Read \`${name}\` vs GROUP BY recompute at ${n0(large.plays)} plays, in process, read uncached | ${ms(large.uncachedMs[name]!)} vs ${ms(large.recomputeMs[name]!)} = **${n0(speedup)}×** faster (over HTTP: ${ms(large.httpMs[name]!)}, ${n0(large.recomputeMs[name]! / large.httpMs[name]!)}×) | ≥ 1,000× | ${verdict(speedup >= 1000)} |`;
    }),
    `| First start to first 200, fresh database (median of 5: ${r.starts.freshMs.map(n0).join(', ')} ms) | **${n0(r.firstStartFreshMs)} ms** | ≤ 100 ms | ${verdict(r.firstStartFreshMs <= 100)} |`,
    `| Start to first 200, existing database (median of 5: ${r.starts.existingMs.map(n0).join(', ')} ms) | ${n0(r.firstStartExistingMs)} ms | — | — |`,
    `| RSS after the loads above | **${r.rssAfterLoadMiB.toFixed(0)} MiB** | ≤ 100 MB | ${verdict(r.rssAfterLoadMiB <= 100)} |`,
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
database on 127.0.0.1, and loads it with [autocannon](https://github.com/mcollina/autocannon)
(a separate Node process, ${r.profile.connections} connections, ${r.profile.duration} s per
run). Every ratio compares two figures taken **in the same run**: these machines are shared and
noisy, so absolute numbers move between runs while ratios hold. Throughput is the median of
autocannon's per-second samples. The load generator runs on the same ${r.machine.cpus}-core
machine as the server and takes one of its cores.

<!-- results -->
Run: ${r.date} · \`${r.command}\` · ${r.machine.cpus} × ${r.machine.model} · Bun ${r.machine.bun} · ${r.seconds.toFixed(0)} s

| figure | measured | target | |
|---|---|---|---|
${rows.join('\n')}

### Statistics reads at two sizes

HTTP latency (median of ${r.profile.readSamples} sequential requests, client side, alternating between the two databases) / the same read
in process with no cache (what the server pays once per change of the statistics) / the
equivalent GROUP BY over the raw answers (the naive design). The databases are filled through
the product's own recording code (\`bench/lib/fill.ts\`).

| plays | fill | database | read: HTTP / uncached / recompute |
|---|---|---|---|
${statsRows.join('\n')}

### Page weight (gzip, from the build output)

| page | JS | CSS |
|---|---|---|
${weights.join('\n')}

uPlot is not counted above: the dashboard fetches it (≈ 23 KB gzip) only when the hourly
charts are shown.
<!-- /results -->

## Run-to-run variation, and the targets missed

This machine is shared. Two consecutive full runs of the same build (21 November 2026, the
second only changed how the reads are sampled) measured submissions at **5,399** and
**4,419 plays/s**, the fresh first start at **75** and **101 ms**, the ceiling at 79,359 and
73,535 req/s. A figure within about 20 % of its target is within this machine's noise; the
table above is one run, as measured.

- **Quiz ≥ 0.40× the ceiling is out of reach for this payload**, not for lack of speed in the
  server: the same bare \`Bun.serve\` answering a precomputed body of the quiz's size (11 KB of
  JSON, the shape the spec prescribes) reaches only 0.2–0.5× of its tiny-body figure in the
  same run, and the quiz reaches 0.35–0.75× of that payload-matched ceiling. Generating a quiz
  costs ~10 µs (in-memory sampling, no database) and signing its token ~3 µs; the rest is
  JSON and HTTP. Behind a reverse proxy that compresses, the payload is 2.5 KB.
- **Reads at 10⁶ vs 10³** are the same cached bytes; the two databases are measured side by
  side, alternating requests, so both see the same machine. Ratios of 1.2–1.3× on a
  ~150 µs round trip are noise of that size (the in-process reads, table below, do not grow).

## How the targets are held

- **Quiz:** lines and distractors are picked in memory from the catalogue index (Floyd
  sampling, no \`ORDER BY random()\`); the token is one HMAC.
- **Submissions:** the recording runs a dozen prepared statements per play, each table's rows in
  one multi-row statement, and plays arriving together share one transaction (group commit);
  each request is answered after its transaction commits (docs/decisions/006).
- **Statistics reads** read counters, never the answers, and their JSON is serialized once per
  change of the statistics; \`/\` and \`/statistics\` are rendered once per change
  (docs/decisions/010). Their cost does not depend on the number of plays.
- **Start:** migrations and the seed run once; the embedded code is precompiled bytecode.

Results of the latest run are also in \`bench/results/latest.json\`.
`;
}
