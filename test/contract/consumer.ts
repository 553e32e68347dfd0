/**
 * A third-party consumer of the API, written from the OpenAPI document alone: its types come
 * from `openapi-typescript` run on /openapi/json (`./api` is generated next to a copy of this
 * file by test/contract.test.ts, which type-checks it with tsc and then runs it).
 * Not part of the project's own type-check: `./api` exists only in the test's folder.
 */
import type { components, paths } from './api';

type Question = components['schemas']['Question'];
type Submission = components['schemas']['Submission'];
type SubmitResult = components['schemas']['SubmitResult'];
type ErrorCode = components['schemas']['Error']['error']['code'];
type LyricQuery = NonNullable<paths['/api/stats/lyrics']['get']['parameters']['query']>;

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface Client {
  base: string;
  fetch: Fetch;
  /** Sent as Origin, as a browser on another site would. */
  origin?: string;
}

async function json<T>(
  client: Client,
  path: string,
  init: RequestInit = {},
): Promise<{ body: T; response: Response }> {
  const headers = new Headers(init.headers);
  if (client.origin) headers.set('origin', client.origin);
  const response = await client.fetch(`${client.base}${path}`, { ...init, headers });
  if (!response.ok) {
    const error = (await response.json()) as components['schemas']['Error'];
    const code: ErrorCode = error.error.code;
    throw new Error(`${path}: ${response.status} ${code} ${error.error.message}`);
  }
  return { body: (await response.json()) as T, response };
}

/** GET /api/quiz: the questions and the token to submit them with. */
export async function getQuiz(client: Client) {
  const { body, response } = await json<
    paths['/api/quiz']['get']['responses'][200]['content']['application/json']
  >(client, '/api/quiz');
  const token = response.headers.get('X-Quiz-Token');
  if (!token) throw new Error('no X-Quiz-Token (is it exposed to this origin?)');
  return { questions: body satisfies Question[], token };
}

/** Answers every question: the right song for the first `correct` ones, another option for the rest. */
export function answer(questions: Question[], token: string, correct: number): Submission {
  const answers = questions.map((q, i) => {
    const right = i < correct;
    const selected = right ? q.correctSongId : q.options.find((o) => o.id !== q.correctSongId)!.id;
    return { lyricId: q.lyricId, songId: q.correctSongId, selectedSongId: selected, isCorrect: right };
  });
  return {
    quizToken: token,
    sessionId: crypto.randomUUID(),
    deviceInfo: 'contract-consumer/1.0',
    score: Math.min(correct, questions.length),
    totalQuestions: answers.length,
    answers,
  };
}

export async function submitQuiz(client: Client, submission: Submission): Promise<SubmitResult> {
  const { body } = await json<SubmitResult>(client, '/api/stats/submit-quiz', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(submission),
  });
  return body;
}

export async function getScorePercentile(client: Client, score: number) {
  return (await json<components['schemas']['Percentile']>(client, `/api/score-percentile/${score}`)).body;
}

export async function getLyricStats(client: Client, query: LyricQuery = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const qs = search.size > 0 ? `?${search}` : '';
  return (await json<components['schemas']['LyricStat'][]>(client, `/api/stats/lyrics${qs}`)).body;
}

/** A repeat read with the ETag of the first: 304 and no body while nothing changed. */
export async function readTwice(client: Client, path: string) {
  const first = await client.fetch(`${client.base}${path}`);
  const etag = first.headers.get('ETag');
  const firstBytes = (await first.arrayBuffer()).byteLength;
  const again = await client.fetch(`${client.base}${path}`, {
    headers: etag ? { 'If-None-Match': etag } : {},
  });
  return {
    etag,
    firstBytes,
    repeatStatus: again.status,
    repeatBytes: (await again.arrayBuffer()).byteLength,
  };
}

/** Every read, public and admin; returns what each answered. */
export async function readEverything(client: Client, adminAuthorization: string) {
  const admin: RequestInit = { headers: { authorization: adminAuthorization } };
  return {
    health: (await json<components['schemas']['Health']>(client, '/healthz')).body,
    overview: (await json<components['schemas']['Overview']>(client, '/api/stats/overview')).body,
    lyrics: await getLyricStats(client),
    hardest: await getLyricStats(client, { sort: 'hardest', limit: 3, minOccurrences: 1 }),
    songs: (await json<components['schemas']['SongStat'][]>(client, '/api/stats/songs?sort=easiest&limit=5'))
      .body,
    albums: (await json<components['schemas']['AlbumStat'][]>(client, '/api/stats/albums')).body,
    percentile: await getScorePercentile(client, 21),
    adminOverview: (await json<components['schemas']['Overview']>(client, '/api/admin/stats/overview', admin))
      .body,
    adminLyrics: (await json<components['schemas']['LyricStat'][]>(client, '/api/admin/stats/lyrics', admin))
      .body,
    adminSongs: (await json<components['schemas']['SongStat'][]>(client, '/api/admin/stats/songs', admin))
      .body,
    adminAlbums: (await json<components['schemas']['AlbumStat'][]>(client, '/api/admin/stats/albums', admin))
      .body,
    adminHourly: (await json<components['schemas']['HourlyStat'][]>(client, '/api/admin/stats/hourly', admin))
      .body,
  };
}
