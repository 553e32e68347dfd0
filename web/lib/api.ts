/**
 * The browser's one API client (docs/product.md#calls-and-failures), typed by the server's
 * contracts (types only: nothing of TypeBox reaches the bundle). Every call includes credentials;
 * a non-OK answer raises an ApiError whose message is "status: response text" (or the status text).
 */
import type { Annotation, AnnotationList } from '../../src/shared/contracts/admin-annotations';
import type {
  AdminConfusions,
  AdminDaily,
  AdminDevices,
  AdminHourlyPlayers,
  AdminSummary,
  ExportTable,
  HourlyRangeStat,
  TrendGroup,
} from '../../src/shared/contracts/admin-range';
import type { AdminSources, SourceExport } from '../../src/shared/contracts/admin-sources';
import type { DailyChallenge, DailyPercentile, DailyStreak } from '../../src/shared/contracts/daily';
import type { PartyGameList, PartyHardLines } from '../../src/shared/contracts/party-admin';
import type { Question, SubmitBody, SubmitResult } from '../../src/shared/contracts/quiz';
import type {
  AlbumStat,
  HourlyStat,
  LineResult,
  LyricStat,
  Overview,
  Percentile,
  SongStat,
} from '../../src/shared/contracts/stats';
import type { ScoreDistribution } from '../../src/shared/contracts/time-series';
import type { BrowserFamily, DeviceClass } from '../../src/shared/devices';
import type { Difficulty } from '../../src/shared/difficulty';
import type { ScoreMode } from '../../src/shared/play-mode';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's headers (the sign-in reads Retry-After from a 429). */
    readonly headers: Headers,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(path, { credentials: 'include', ...init });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      response.headers,
    );
  }
  return response;
}

const getJson = async <T>(path: string, init?: RequestInit): Promise<T> =>
  (await (await send(path, init)).json()) as T;

/**
 * A new play: its questions and the token to submit it with (the X-Quiz-Token header). A normal
 * play names no difficulty, so its request is the same as before difficulties existed; another
 * difficulty is named in the query.
 */
export async function getQuiz(
  count: number,
  difficulty: Difficulty = 'normal',
): Promise<{ questions: Question[]; token: string | null }> {
  const query = difficulty === 'normal' ? '' : `&difficulty=${difficulty}`;
  const response = await fetch(`/api/quiz?count=${count}${query}`, { credentials: 'include' });
  // This call's error text is fixed (docs/product.md#texts-that-must-stay-exact).
  if (!response.ok) throw new ApiError(response.status, 'Failed to fetch quiz questions', response.headers);
  return { questions: (await response.json()) as Question[], token: response.headers.get('x-quiz-token') };
}

/** Today's challenge and the token of this play of it. */
export async function getDaily(): Promise<{ challenge: DailyChallenge; token: string | null }> {
  const response = await send('/api/daily');
  return {
    challenge: (await response.json()) as DailyChallenge,
    token: response.headers.get('x-quiz-token'),
  };
}

export const getDailyPercentile = (score: number, day: string) =>
  getJson<DailyPercentile>(`/api/daily/percentile/${score}?day=${encodeURIComponent(day)}`);

export const getDailyStreak = (sessionId: string) =>
  getJson<DailyStreak>(`/api/daily/streak?sessionId=${encodeURIComponent(sessionId)}`);

export const submitQuiz = (body: SubmitBody) =>
  getJson<SubmitResult>('/api/stats/submit-quiz', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * The percentile among plays of the same difficulty (normal names none: the call as it was before
 * difficulties).
 */
export const getPercentile = (score: number, difficulty: Difficulty = 'normal') =>
  getJson<Percentile>(
    `/api/score-percentile/${score}${difficulty === 'normal' ? '' : `?difficulty=${difficulty}`}`,
  );

/** How all players answered the lines of one play (the results page's review). */
export const getLineResults = (lyricIds: number[]) =>
  getJson<LineResult[]>(`/api/stats/lines?ids=${lyricIds.join(',')}`);

/** Basic credentials; X-Requested-With keeps the browser's own login dialog away on a 401. */
const asAdmin = (credentials: string): RequestInit => ({
  headers: { authorization: `Basic ${credentials}`, 'x-requested-with': 'fetch' },
});

/** Days of a range, both included; none given: all time (the answers the reads gave before ranges). */
export interface RangeParams {
  from?: string;
  to?: string;
  /** The score distribution's plays (its read and its two exports only). */
  difficulty?: ScoreMode;
  /** What the summary compares with (its read and export only; default the period before). */
  compare?: 'previous' | 'year';
  /** The trend's points (its read and daily.csv only): days, weeks or months. */
  group?: TrendGroup;
  /** The dashboard's filters (docs/decisions/039): every admin read and export takes them. */
  mode?: Exclude<ScoreMode, 'all'>;
  device?: DeviceClass;
  browser?: BrowserFamily;
  album?: number;
  song?: number;
  /** The lyric export: the lyric table's search, minimum occurrences and never-shown rule. */
  q?: string;
  min?: number;
  unshown?: 'show' | 'hide';
}

/** '?from=…&to=…&…' with the values given, or ''. */
function query(range: RangeParams = {}, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...range, ...extra }))
    if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return search ? `?${search}` : '';
}

const adminRead =
  <T>(name: string) =>
  (credentials: string, range?: RangeParams) =>
    getJson<T>(`/api/admin/stats/${name}${query(range)}`, asAdmin(credentials));

export const getAdminOverview = adminRead<Overview>('overview');
export const getAdminLyrics = adminRead<LyricStat[]>('lyrics');
export const getAdminSongs = adminRead<SongStat[]>('songs');
export const getAdminAlbums = adminRead<AlbumStat[]>('albums');
/** All time: rows with distinct players per hour; a range: plays per hour only. */
export const getAdminHourly = adminRead<(HourlyStat | HourlyRangeStat)[]>('hourly');
/** The cards of a range and of the period before it, and the server's today. */
export const getAdminSummary = adminRead<AdminSummary>('summary');
export const getAdminDaily = adminRead<AdminDaily>('daily');
export const getAdminScores = adminRead<ScoreDistribution>('scores');
export const getAdminDevices = adminRead<AdminDevices>('devices');
/** 'Izvori': where the range's visits came from, the shares and the funnel (docs/decisions/040). */
export const getAdminSources = adminRead<AdminSources>('sources');
/** All time: distinct players by their earliest hour of day (the cumulative chart's 'Ukupno igrača'). */
export const getAdminHourlyPlayers = adminRead<AdminHourlyPlayers>('hourly-players');

/** The wrong songs picked instead of the right one: overall, for a line or for a song. */
export const getAdminConfusions = (
  credentials: string,
  range: RangeParams,
  scope: { lyricId: number } | { songId: number } | Record<string, never> = {},
  limit = 10,
) =>
  getJson<AdminConfusions>(
    `/api/admin/stats/confusions${query(range, { ...scope, limit })}`,
    asAdmin(credentials),
  );

/** A CSV export of a range (UTF-8 with BOM, `;`): its bytes and the file name the server gives it. */
export async function getAdminExport(
  credentials: string,
  table: ExportTable | SourceExport,
  range: RangeParams,
): Promise<{ blob: Blob; filename: string }> {
  const response = await send(`/api/admin/export/${table}.csv${query(range)}`, asAdmin(credentials));
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `kviz-${table}.csv`;
  return { blob: await response.blob(), filename };
}

/** Kviz uživo's finished games, the hardest live lines, and a game's CSV (the dashboard's "Uživo" tab). */
export const getAdminPartyGames = (credentials: string) =>
  getJson<PartyGameList>('/api/admin/uzivo/games', asAdmin(credentials));
export const getAdminPartyLines = (credentials: string) =>
  getJson<PartyHardLines>('/api/admin/uzivo/lines', asAdmin(credentials));
export async function getAdminPartyExport(
  credentials: string,
  game: number,
): Promise<{ blob: Blob; filename: string }> {
  const response = await send(`/api/admin/uzivo/export.csv?game=${game}`, asAdmin(credentials));
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `kviz-uzivo-${game}.csv`;
  return { blob: await response.blob(), filename };
}

/** The administrator's notes on the days of a range (docs/decisions/037). */
export const getAdminAnnotations = (credentials: string, range: RangeParams) =>
  getJson<AnnotationList>(
    `/api/admin/annotations${query({ from: range.from, to: range.to })}`,
    asAdmin(credentials),
  );

export const addAdminAnnotation = (credentials: string, day: string, text: string) =>
  getJson<Annotation>('/api/admin/annotations', {
    method: 'POST',
    headers: {
      ...(asAdmin(credentials).headers as Record<string, string>),
      'content-type': 'application/json',
    },
    body: JSON.stringify({ day, text }),
  });

export const deleteAdminAnnotation = async (credentials: string, id: number): Promise<void> => {
  await send(`/api/admin/annotations/${id}`, { method: 'DELETE', ...asAdmin(credentials) });
};
