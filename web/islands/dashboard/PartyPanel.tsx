import { useEffect, useState } from 'react';
import type { PartyGameList, PartyHardLines } from '../../../src/shared/contracts/party-admin';
import { DIFFICULTY_LABELS, isDifficulty } from '../../../src/shared/difficulty';
import { Button } from '../../components/Button/Button';
import { Notice } from '../../components/Notice/Notice';
import * as tables from '../../components/Tables/Tables.css';
import { getAdminPartyExport, getAdminPartyGames, getAdminPartyLines } from '../../lib/api';
import { formatPercent } from '../../lib/format';
import { colourBand } from '../../lib/stats';
import * as dashboard from './DashboardIsland.css';
import { SimpleTable } from './SimpleTable';

type Game = PartyGameList['games'][number];

const when = (iso: string) =>
  new Date(iso).toLocaleString('hr-HR', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Zagreb',
  });

/** Saves a game's CSV (fetched with the credentials, like the other exports). */
function GameCsv({ credentials, game }: { credentials: string; game: Game }) {
  const [failed, setFailed] = useState(false);
  const download = async () => {
    try {
      const { blob, filename } = await getAdminPartyExport(credentials, game.id);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      console.error('CSV:', error);
      setFailed(true);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={download} aria-label={`Preuzmi CSV igre ${game.code}`}>
        CSV
      </Button>
      {failed && <span role="alert"> Preuzimanje nije uspjelo.</span>}
    </>
  );
}

/**
 * The "Uživo" tab: finished Kviz uživo games with their players and a CSV each, and the hardest
 * lines of live games. Live answers are counted here only (docs/decisions/031-live-game.md).
 */
export function PartyPanel({ credentials }: { credentials: string }) {
  const [data, setData] = useState<{ games: PartyGameList; lines: PartyHardLines } | 'failed' | null>(null);
  useEffect(() => {
    let cancelled = false;
    Promise.all([getAdminPartyGames(credentials), getAdminPartyLines(credentials)]).then(
      ([games, lines]) => !cancelled && setData({ games, lines }),
      () => !cancelled && setData('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [credentials]);
  if (data === null) return <p>Učitavanje…</p>;
  if (data === 'failed') return <Notice title="Igre uživo nije moguće učitati." />;
  return (
    <>
      <p className={dashboard.muted} data-party-note="">
        <strong>Razdoblje i filtri se ovdje ne primjenjuju:</strong> prikazane su sve završene igre uživo,
        najnovije prve, i najteži stihovi svih tih igara. <a href="/uzivo">Otvori novu igru uživo</a>
      </p>
      <SimpleTable
        caption="Odigrane igre uživo"
        testId="party-games"
        empty="Još nije odigrana nijedna igra uživo."
        rows={data.games.games}
        rowKey={(g) => g.id}
        columns={[
          { header: 'Završena', cell: (g) => when(g.endedAt) },
          { header: 'Kod', cell: (g) => g.code },
          { header: 'Igrača', cell: (g) => g.players, numeric: true },
          { header: 'Stihova', cell: (g) => `${g.linesPlayed} / ${g.lines}`, numeric: true },
          { header: 'Sekundi', cell: (g) => g.seconds, numeric: true },
          {
            header: 'Težina',
            cell: (g) => (isDifficulty(g.difficulty) ? DIFFICULTY_LABELS[g.difficulty] : g.difficulty),
          },
          { header: 'Rezultati', cell: (g) => <GameCsv credentials={credentials} game={g} /> },
        ]}
      />
      <SimpleTable
        caption="Najteži stihovi u igrama uživo"
        testId="party-lines"
        empty="Nijedan stih još nije prikazan barem 5 igrača."
        rows={data.lines.lines}
        rowKey={(l) => l.lyricId}
        columns={[
          { header: 'Stih', cell: (l) => l.lyric },
          { header: 'Pjesma', cell: (l) => l.song },
          { header: 'Igara', cell: (l) => l.games, numeric: true },
          { header: 'Igrača', cell: (l) => l.shown, numeric: true },
          {
            header: 'Točno',
            cell: (l) => (
              <span className={tables.percent[colourBand(l.percentage)]}>{formatPercent(l.percentage)}</span>
            ),
            numeric: true,
          },
        ]}
      />
    </>
  );
}
