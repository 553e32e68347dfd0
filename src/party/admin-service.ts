import { toCsv } from '../admin/csv';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { AppError } from '../errors';
import type { PartyGameList, PartyHardLines } from '../shared/contracts/party-admin';
import type { PartyGameSummary, PartyStore } from '../storage/contract';

/** How many games the tab lists, and how many hardest lines. */
const PARTY_GAMES_LISTED = 100;
const PARTY_HARD_LINES = 20;
/** A line counts among the hardest once this many players were shown it. */
const PARTY_HARD_MIN_SHOWN = 5;

const iso = (ms: number) => new Date(ms).toISOString();

function summaryOf(g: PartyGameSummary): PartyGameList['games'][number] {
  return {
    id: g.id,
    code: g.code,
    startedAt: iso(g.startedAtMs),
    endedAt: iso(g.endedAtMs),
    lines: g.lines,
    linesPlayed: g.linesPlayed,
    seconds: g.seconds,
    difficulty: g.difficulty,
    players: g.players,
  };
}

export async function listPartyGames(store: PartyStore): Promise<PartyGameList> {
  return { games: (await store.listGames(PARTY_GAMES_LISTED)).map(summaryOf) };
}

export async function getPartyHardLines(
  store: PartyStore,
  catalogue: CatalogueIndex,
): Promise<PartyHardLines> {
  const lines = (await store.getLineStats())
    .filter((l) => l.shown >= PARTY_HARD_MIN_SHOWN)
    .map((l) => {
      const lyric = catalogue.lyricsById.get(l.lyricId);
      return {
        lyricId: l.lyricId,
        lyric: lyric?.text ?? '',
        song: lyric?.song.title ?? '',
        games: l.games,
        shown: l.shown,
        correct: l.correct,
        percentage: Math.round((l.correct / l.shown) * 1000) / 10,
      };
    })
    .sort((a, b) => a.percentage - b.percentage || b.shown - a.shown || a.lyricId - b.lyricId)
    .slice(0, PARTY_HARD_LINES);
  return { lines };
}

const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E'];

const PARTY_HEADERS: Record<string, string> = {
  mjesto: 'Mjesto',
  nadimak: 'Nadimak',
  bodovi: 'Bodovi',
  tocnih: 'Točni odgovori',
};
const LINE_HEADERS: Record<string, string> = { odgovor: 'odgovor', tocno: 'točno', bodovi: 'bodovi' };

/** The Croatian header of a column, as the dashboard's other exports have: 'Stih 2: točno'. */
function partyCsvHeader(column: string): string {
  const line = /^stih_(\d+)_(\w+)$/.exec(column);
  return line ? `Stih ${line[1]}: ${LINE_HEADERS[line[2]!]}` : (PARTY_HEADERS[column] ?? column);
}

/**
 * A game's results as CSV (the admin dashboard's format, src/admin/csv.ts): one row per player
 * with place, nickname, points and right answers, then per line the option chosen (A–E, empty:
 * none), whether it was right (1/0) and its points.
 */
export async function exportPartyGameCsv(
  store: PartyStore,
  id: number,
): Promise<{ name: string; body: string }> {
  const results = await store.getGame(id);
  if (!results) throw new AppError(404, 'not_found', `No live game ${id}.`, 'game');
  const lineColumns = results.lines.flatMap((_, i) => [
    `stih_${i + 1}_odgovor`,
    `stih_${i + 1}_tocno`,
    `stih_${i + 1}_bodovi`,
  ]);
  const columns = ['mjesto', 'nadimak', 'bodovi', 'tocnih', ...lineColumns];
  const rows = results.players.map((p) => {
    const row: Record<string, unknown> = {
      mjesto: p.rank,
      nadimak: p.nickname,
      bodovi: p.points,
      tocnih: p.correct,
    };
    results.lines.forEach((_, i) => {
      const answer = p.answers[i];
      row[`stih_${i + 1}_odgovor`] = answer ? OPTION_LETTERS[answer[0]] : '';
      row[`stih_${i + 1}_tocno`] = answer && answer[2] > 0 ? 1 : 0;
      row[`stih_${i + 1}_bodovi`] = answer ? answer[2] : 0;
    });
    return row;
  });
  const day = iso(results.game.endedAtMs).slice(0, 10);
  return { name: `kviz-uzivo-${results.game.code}-${day}.csv`, body: toCsv(columns, rows, partyCsvHeader) };
}
