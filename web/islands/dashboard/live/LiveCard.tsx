import type { LiveActivity } from '../../../../src/shared/contracts/admin-live';
import { Card } from '../../../components/Card/Card';
import { formatCount } from '../../../lib/format';
import { countOf, PLAYERS, PLAYS, type PluralForms, pluralForm } from '../../../lib/plural';
import * as styles from './LiveCard.css';
import { type LiveState, useLiveActivity } from './use-live-activity';

const OPEN_QUIZZES: PluralForms = ['otvoren kviz', 'otvorena kviza', 'otvorenih kvizova'];
const ROOMS: PluralForms = ['otvorena soba', 'otvorene sobe', 'otvorenih soba'];

function Status({ state }: { state: LiveState }) {
  if (state.status === 'live')
    return (
      <span className={styles.status} data-live="live">
        <span className={styles.dotState.live} aria-hidden="true" />
        Uživo
      </span>
    );
  return (
    <span className={styles.status} data-live={state.status}>
      <span className={styles.dotState.waiting} aria-hidden="true" />
      {state.status === 'connecting' ? 'Povezivanje…' : `Veza je prekinuta, ponovno za ${state.inSeconds} s`}
    </span>
  );
}

/** Plays per minute of the last hour as bars; the scale is the busiest minute (at least 1). */
function Sparkline({ perMinute }: { perMinute: number[] }) {
  const busiest = Math.max(0, ...perMinute);
  const top = Math.max(1, busiest);
  const total = perMinute.reduce((a, b) => a + b, 0);
  const bars = perMinute.flatMap((n, minute) => (n === 0 ? [] : [{ minute, n }]));
  return (
    <figure className={styles.spark}>
      <svg
        className={styles.sparkSvg}
        viewBox={`0 0 ${perMinute.length} 20`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Igre po minuti u zadnjih sat vremena: ukupno ${countOf(total, PLAYS)}, najviše ${formatCount(busiest)} u minuti`}
      >
        <line
          x1="0"
          y1="19.75"
          x2={perMinute.length}
          y2="19.75"
          stroke="currentColor"
          strokeOpacity="0.35"
          strokeWidth="0.5"
        />
        {bars.map(({ minute, n }) => (
          <rect
            key={minute}
            x={minute + 0.1}
            width="0.8"
            y={20 - (n / top) * 19}
            height={(n / top) * 19}
            fill="currentColor"
          />
        ))}
      </svg>
      <figcaption className={styles.sparkCaption}>
        <span>prije 60 min</span>
        <span>Igre po minuti</span>
        <span>sada</span>
      </figcaption>
    </figure>
  );
}

function Figures({ activity }: { activity: LiveActivity }) {
  return (
    <dl className={styles.figures}>
      <div className={styles.figure}>
        <dt className={styles.label}>Igrači sada</dt>
        <dd className={styles.value}>
          <span data-figure="playersNow">{formatCount(activity.playersNow)}</span>
          <span className={styles.note}>
            {countOf(activity.playersFinished, PLAYERS)} sa završenom igrom u zadnjih 5 min ·{' '}
            {countOf(activity.openQuizzes, OPEN_QUIZZES)}
          </span>
        </dd>
      </div>
      <div className={styles.figure}>
        <dt className={styles.label}>Igre u zadnjih 30 minuta</dt>
        <dd className={styles.value}>
          <span data-figure="playsLast30Minutes">{formatCount(activity.playsLast30Minutes)}</span>
        </dd>
      </div>
      <div className={styles.figure}>
        <dt className={styles.label}>Kviz uživo</dt>
        <dd className={styles.value}>
          <span data-figure="liveGames">{formatCount(activity.liveGames)}</span>
          <span className={styles.note}>{pluralForm(activity.liveGames, ROOMS)}</span>
        </dd>
      </div>
    </dl>
  );
}

/**
 * "Igra sada" (issue 34; docs/decisions/037): who is playing at this moment, updated by the
 * server's events without a reload. Counted by the serving process since it started.
 */
export function LiveCard({ credentials, onSignedOut }: { credentials: string; onSignedOut: () => void }) {
  const state = useLiveActivity(credentials, onSignedOut);
  const activity = state.status === 'connecting' ? undefined : state.activity;
  return (
    <Card className={styles.card} aria-labelledby="igra-sada" data-live-card="">
      <div className={styles.head}>
        <h2 className={styles.title} id="igra-sada">
          Igra sada
        </h2>
        <Status state={state} />
      </div>
      {activity ? (
        <>
          <Figures activity={activity} />
          <Sparkline perMinute={activity.playsPerMinute} />
        </>
      ) : (
        <p className={styles.note}>Učitavanje…</p>
      )}
    </Card>
  );
}
