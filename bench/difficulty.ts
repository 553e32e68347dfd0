/**
 * `npm run bench:difficulty` (docs/decisions/022): do the three difficulties differ for a
 * player, and what does each cost the server? In process, on the demo catalogue.
 *
 * 1. A history: HISTORY_PLAYS normal plays answered by the simulated player below, recorded
 *    through the API (the counters easy and hard are built from are the real ones).
 * 2. PLAYS_PER_DIFFICULTY plays of each difficulty, interleaved (easy, normal, hard, easy, …),
 *    fetched through the API and answered by the same player, not recorded (every mode sees
 *    the same statistics): mean score, its standard error, and the mean true ease of the lines.
 * 3. Generation cost: µs per quiz of createQuiz (lines, options, token) per difficulty,
 *    interleaved rounds, median of the rounds.
 *
 * The simulated player (fixed, seeded; the truth is hidden from the server):
 * - every line has a true ease e = 0.30 + 0.65·√u (u uniform from the line's id; mean ≈ 0.73);
 * - every (right song, other song) pair has a confusability
 *   c = 1 + 3·[same album] + 2·max(0, 1 − |Δyear|/6) + 4·v³ (v uniform from the pair);
 * - the player knows a line with probability e and then answers right; otherwise guesses
 *   among the five options, the right song with weight 2 (a vague memory), each other
 *   option with its confusability with the right song.
 */

import { buildDifficultySelection } from '../src/quiz/difficulty-selection';
import { createQuiz } from '../src/quiz/service';
import type { Question } from '../src/shared/contracts/quiz';
import { DIFFICULTIES, type Difficulty } from '../src/shared/difficulty';
import { loadCatalogueIndex } from '../src/storage/sqlite/catalogue-load';
import { seedCatalogue } from '../src/storage/sqlite/catalogue-seed';
import { createSqliteDb } from '../src/storage/sqlite/client';
import { migrateDb } from '../src/storage/sqlite/migrate';
import { createTestAppOver, seededRandom } from '../test/support/fixtures';

const smoke = process.argv.includes('--smoke');
const HISTORY_PLAYS = smoke ? 100 : 3000;
const PLAYS_PER_DIFFICULTY = smoke ? 20 : 500;
const COST_ROUNDS = smoke ? 3 : 41;
const COST_QUIZZES_PER_ROUND = smoke ? 20 : 300;

/** A uniform number in [0, 1) from integers (a fixed hash: the player's truth is a function of the catalogue). */
function hashUniform(...keys: number[]): number {
  let h = 0x811c9dc5;
  for (const k of keys) {
    h = Math.imul(h ^ k, 0x01000193) >>> 0;
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    h = Math.imul(h ^ (h >>> 12), 0x297a2d39) >>> 0;
  }
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}

const db = createSqliteDb(':memory:');
migrateDb(db);
seedCatalogue(db);
const app = await createTestAppOver(db, {
  env: {
    RATE_LIMIT_QUIZ_PER_MINUTE: '1000000',
    RATE_LIMIT_SUBMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_SUBMIT_PER_HOUR: '1000000',
  },
});
const index = loadCatalogueIndex(db);

const ease = (lyricId: number) => 0.3 + 0.65 * Math.sqrt(hashUniform(1, lyricId));
function confusability(rightSongId: number, otherSongId: number): number {
  const right = index.songsById.get(rightSongId)!;
  const other = index.songsById.get(otherSongId)!;
  const sameAlbum = right.album === other.album ? 1 : 0;
  const near = Math.max(0, 1 - Math.abs(right.album.year - other.album.year) / 6);
  return 1 + 3 * sameAlbum + 2 * near + 4 * hashUniform(2, rightSongId, otherSongId) ** 3;
}

const random = seededRandom(22);
function answer(q: Question): number {
  if (random() < ease(q.lyricId)) return q.correctSongId;
  const weights = q.options.map((o) => (o.id === q.correctSongId ? 2 : confusability(q.correctSongId, o.id)));
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return q.options[i]!.id;
  }
  return q.options.at(-1)!.id;
}

async function fetchQuiz(difficulty: Difficulty) {
  const query = difficulty === 'normal' ? '' : `&difficulty=${difficulty}`;
  const res = await app.app.handle(new Request(`http://localhost/api/quiz?count=30${query}`));
  if (res.status !== 200) throw new Error(`quiz: ${res.status}`);
  return { token: res.headers.get('x-quiz-token')!, questions: (await res.json()) as Question[] };
}

// 1. The history.
const started = performance.now();
for (let play = 0; play < HISTORY_PLAYS; play++) {
  const quiz = await fetchQuiz('normal');
  const answers = quiz.questions.map((q) => {
    const selectedSongId = answer(q);
    return {
      lyricId: q.lyricId,
      songId: q.correctSongId,
      selectedSongId,
      isCorrect: selectedSongId === q.correctSongId,
    };
  });
  const res = await app.app.handle(
    new Request('http://localhost/api/stats/submit-quiz', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        quizToken: quiz.token,
        sessionId: `00000000-0000-4000-8000-${String(play % 1000).padStart(12, '0')}`,
        deviceInfo: 'bench',
        score: answers.filter((a) => a.isCorrect).length,
        totalQuestions: 30,
        answers,
      }),
    }),
  );
  if (res.status !== 200) throw new Error(`submit: ${res.status} ${await res.text()}`);
}
const lines = await app.stores.stats.getLyricStats();
const seen = lines.filter((l) => l.occurrences >= 5).length;
console.log(
  `history: ${HISTORY_PLAYS} normal plays recorded in ${((performance.now() - started) / 1000).toFixed(1)} s; ${seen} of ${lines.length} lines shown ≥ 5 times`,
);

// 2. Plays per difficulty, interleaved.
const order: Difficulty[] = ['easy', 'normal', 'hard'];
const scores = new Map<Difficulty, number[]>(order.map((d) => [d, []]));
const lineEase = new Map<Difficulty, number[]>(order.map((d) => [d, []]));
for (let i = 0; i < PLAYS_PER_DIFFICULTY; i++)
  for (const difficulty of order) {
    const quiz = await fetchQuiz(difficulty);
    scores.get(difficulty)!.push(quiz.questions.filter((q) => answer(q) === q.correctSongId).length);
    for (const q of quiz.questions) lineEase.get(difficulty)!.push(ease(q.lyricId));
  }
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const stdErr = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1) / xs.length);
};
console.log(`\n${PLAYS_PER_DIFFICULTY} simulated plays per difficulty (score out of 30):`);
for (const d of order) {
  const s = scores.get(d)!;
  console.log(
    `  ${d.padEnd(6)} mean ${mean(s).toFixed(2)} ± ${stdErr(s).toFixed(2)} (s.e.), ${((mean(s) / 30) * 100).toFixed(1)} %; mean true ease of its lines ${mean(lineEase.get(d)!).toFixed(3)}`,
  );
}

// 3. Generation cost, in process: createQuiz per difficulty, interleaved rounds.
const selection = buildDifficultySelection(
  index,
  lines,
  await app.stores.stats.getTopConfusions({ limit: 1_000_000 }),
);
const secret = 'bench-secret-bench-secret-bench-secret';
const perRound = new Map<Difficulty, number[]>(DIFFICULTIES.map((d) => [d, []]));
let sink = 0;
for (let round = 0; round < COST_ROUNDS; round++)
  for (const difficulty of round % 2 ? [...order].reverse() : order) {
    const t0 = performance.now();
    for (let i = 0; i < COST_QUIZZES_PER_ROUND; i++)
      sink += createQuiz(index, secret, 30, 1_700_000_000, Math.random, difficulty, selection).questions
        .length;
    perRound.get(difficulty)!.push(((performance.now() - t0) * 1000) / COST_QUIZZES_PER_ROUND);
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `\ncreateQuiz (lines, options, token), µs per quiz, median of ${COST_ROUNDS} interleaved rounds of ${COST_QUIZZES_PER_ROUND}:`,
);
for (const d of order) console.log(`  ${d.padEnd(6)} ${median(perRound.get(d)!).toFixed(1)} µs`);
// What a refresh of the selection costs (it runs on the event loop at most every 10 s): the two
// counter reads and the build, median of a few.
const refresh = { lines: [] as number[], confusions: [] as number[], build: [] as number[] };
for (let i = 0; i < (smoke ? 2 : 9); i++) {
  let t = performance.now();
  const readLines = await app.stores.stats.getLyricStats();
  refresh.lines.push(performance.now() - t);
  t = performance.now();
  const readConfusions = await app.stores.stats.getTopConfusions({ limit: 1_000_000 });
  refresh.confusions.push(performance.now() - t);
  t = performance.now();
  sink += buildDifficultySelection(index, readLines, readConfusions).hard.preferred.length;
  refresh.build.push(performance.now() - t);
}
console.log(
  `a refresh of the selection, median ms: getLyricStats ${median(refresh.lines).toFixed(1)}, getTopConfusions ${median(refresh.confusions).toFixed(1)}, build ${median(refresh.build).toFixed(1)}`,
);
if (sink < 0) console.log(sink);
