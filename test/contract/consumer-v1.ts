/**
 * A third-party consumer of API v1, written from the OpenAPI document alone with
 * openapi-typescript (`./api`, generated next to a copy of this file by test/contract.test.ts)
 * and openapi-fetch. It plays a free quiz and the daily challenge and reads a paged list to its
 * end. Type-checked with `strict` by the test; not part of the project's own type-check.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './api';

type Quiz = components['schemas']['Quiz'];
type PlayResult = components['schemas']['PlayResult'];
type LineStats = components['schemas']['LineStats'];
type ErrorBody = components['schemas']['Error'];

export type Api = ReturnType<typeof createClient<paths>>;

export const connect = (fetch: (request: Request) => Promise<Response>): Api =>
  createClient<paths>({ baseUrl: 'http://localhost', fetch });

const fail = (what: string, error: ErrorBody | undefined): never => {
  throw new Error(
    `${what}: ${error ? `${error.error.code} ${error.error.message} (${error.error.requestId})` : 'no body'}`,
  );
};

/** The right song for the first `correct` questions, another option for the rest. */
const answersOf = (quiz: Quiz, correct: number) =>
  quiz.questions.map((question, i) => ({
    lyricId: question.lyricId,
    selectedSongId:
      i < correct
        ? question.correctSongId
        : (question.options.find((o) => o.songId !== question.correctSongId)?.songId ??
          question.correctSongId),
  }));

async function submit(api: Api, quiz: Quiz, correct: number, sessionId: string): Promise<PlayResult> {
  const { data, error } = await api.POST('/api/v1/plays', {
    body: { token: quiz.token, sessionId, answers: answersOf(quiz, correct) },
  });
  return data ?? fail('createPlay', error);
}

/** A free play of the given difficulty, submitted with `correct` right answers. */
export async function playFree(
  api: Api,
  difficulty: 'easy' | 'normal' | 'hard',
  correct: number,
  sessionId: string,
): Promise<{ quiz: Quiz; result: PlayResult }> {
  const { data, error } = await api.GET('/api/v1/quiz', { params: { query: { difficulty } } });
  const quiz = data ?? fail('createQuiz', error);
  return { quiz, result: await submit(api, quiz, correct, sessionId) };
}

/** Today's challenge, submitted with `correct` right answers. */
export async function playDaily(
  api: Api,
  correct: number,
  sessionId: string,
): Promise<{ quiz: Quiz; result: PlayResult }> {
  const { data, error } = await api.GET('/api/v1/daily');
  const quiz = data ?? fail('createDailyQuiz', error);
  if (quiz.mode !== 'daily' || !quiz.daily) throw new Error('the daily quiz is not marked daily');
  return { quiz, result: await submit(api, quiz, correct, sessionId) };
}

/** Every line, a page at a time, following `Link: rel="next"` until there is none. */
export async function readAllLines(
  api: Api,
  limit: number,
): Promise<{ lines: LineStats[]; pages: number; total: number }> {
  const lines: LineStats[] = [];
  let offset = 0;
  let pages = 0;
  let total = 0;
  for (;;) {
    const { data, error, response } = await api.GET('/api/v1/stats/lines', {
      params: { query: { limit, offset, sort: 'hardest' } },
    });
    const page = data ?? fail('listLineStats', error);
    lines.push(...page.items);
    total = page.total;
    pages++;
    const next = response.headers.get('link')?.match(/<([^>]+)>;\s*rel="next"/)?.[1];
    if (!next) return { lines, pages, total };
    offset = Number(new URL(next, 'http://localhost').searchParams.get('offset'));
  }
}

type DailyScorePercentile = components['schemas']['DailyScorePercentile'];
type DailyStreak = components['schemas']['DailyStreak'];
type DailyFigures = components['schemas']['DailyFigures'];
type AlbumStats = components['schemas']['AlbumStats'];

/** Where a daily score stands, the player's streak and today's figures. */
export async function readDaily(
  api: Api,
  score: number,
  sessionId: string,
): Promise<{ percentile: DailyScorePercentile; streak: DailyStreak; figures: DailyFigures }> {
  const percentile = await api.GET('/api/v1/daily/percentile/{score}', { params: { path: { score } } });
  const streak = await api.GET('/api/v1/daily/streak', { params: { query: { sessionId } } });
  const figures = await api.GET('/api/v1/daily/summary');
  return {
    percentile: percentile.data ?? fail('getDailyScorePercentile', percentile.error),
    streak: streak.data ?? fail('getPlayerStreak', streak.error),
    figures: figures.data ?? fail('getDailyFigures', figures.error),
  };
}

/** Every album of a range of days through the administrator's API, following `Link: rel="next"`. */
export async function readAdminAlbums(
  api: Api,
  authorization: string,
  from: string,
  limit: number,
): Promise<{ albums: AlbumStats[]; pages: number }> {
  const albums: AlbumStats[] = [];
  let offset = 0;
  let pages = 0;
  for (;;) {
    const { data, error, response } = await api.GET('/api/v1/admin/stats/albums', {
      params: { query: { from, limit, offset } },
      headers: { authorization },
    });
    const page = data ?? fail('listAdminAlbumStats', error);
    albums.push(...page.items);
    pages++;
    const next = response.headers.get('link')?.match(/<([^>]+)>;\s*rel="next"/)?.[1];
    if (!next) return { albums, pages };
    offset = Number(new URL(next, 'http://localhost').searchParams.get('offset'));
  }
}

type StatsOverview = components['schemas']['StatsOverview'];
type StatsSummary = components['schemas']['StatsSummary'];
type Trend = components['schemas']['Trend'];

/**
 * The overview read twice, the second time with the ETag held: a 304 has no body, which
 * openapi-fetch reports as `error` (not `data`); the consumer keeps what it holds.
 */
export async function revalidateOverview(
  api: Api,
): Promise<{ overview: StatsOverview; repeatStatus: number; kept: StatsOverview }> {
  const first = await api.GET('/api/v1/stats/overview');
  const overview = first.data ?? fail('getStatsOverview', first.error);
  const etag = first.response.headers.get('etag') ?? '';
  const again = await api.GET('/api/v1/stats/overview', { params: { header: { 'If-None-Match': etag } } });
  const kept =
    again.response.status === 304 ? overview : (again.data ?? fail('getStatsOverview', again.error));
  return { overview, repeatStatus: again.response.status, kept };
}

/** The dashboard's cards and trend of a range through the administrator's API. */
export async function readDashboard(
  api: Api,
  authorization: string,
  from: string,
): Promise<{ summary: StatsSummary; trend: Trend }> {
  const summary = await api.GET('/api/v1/admin/stats/summary', {
    params: { query: { from } },
    headers: { authorization },
  });
  const trend = await api.GET('/api/v1/admin/stats/trend', {
    params: { query: { from, group: 'week' } },
    headers: { authorization },
  });
  return {
    summary: summary.data ?? fail('getAdminStatsSummary', summary.error),
    trend: trend.data ?? fail('getAdminTrend', trend.error),
  };
}
