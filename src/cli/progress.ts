/**
 * Progress of long operator work (`kviz stats verify|rebuild`, the migration of
 * an old database): a bar with the rate and the time left on a terminal, a line
 * every few seconds when the output is a log or a file.
 */

import type { ProgressReporter } from '../storage/contract';

export type { ProgressReporter };

export interface ProgressState {
  label: string;
  /** What is counted: 'plays'. */
  unit: string;
  done: number;
  total: number;
  elapsedMs: number;
}

const count = (n: number) => Math.round(n).toLocaleString('en');

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** Rate in units a second and seconds left, from the work done so far (undefined before any). */
function estimate(state: ProgressState): { perSecond: number; secondsLeft: number } | undefined {
  if (state.done <= 0 || state.elapsedMs <= 0) return undefined;
  const perSecond = state.done / (state.elapsedMs / 1000);
  return { perSecond, secondsLeft: Math.max(0, state.total - state.done) / perSecond };
}

/** `verify [#########·········]  45%  450,000/1,000,000 plays  52,000/s  0:11 left` */
export function formatBar(state: ProgressState, width = 24): string {
  const fraction = state.total > 0 ? Math.min(1, state.done / state.total) : 1;
  const filled = Math.round(fraction * width);
  const pace = estimate(state);
  return [
    `${state.label} [${'#'.repeat(filled)}${'·'.repeat(width - filled)}]`,
    `${String(Math.floor(fraction * 100)).padStart(3)}%`,
    `${count(state.done)}/${count(state.total)} ${state.unit}`,
    pace ? `${count(pace.perSecond)}/s` : '',
    pace ? `${formatDuration(pace.secondsLeft)} left` : '',
  ]
    .filter(Boolean)
    .join('  ');
}

/** `verify: 450,000/1,000,000 plays (45%), 52,000/s, 11 s left` */
export function formatLine(state: ProgressState): string {
  const fraction = state.total > 0 ? Math.min(1, state.done / state.total) : 1;
  const pace = estimate(state);
  return (
    `${state.label}: ${count(state.done)}/${count(state.total)} ${state.unit} (${Math.floor(fraction * 100)}%)` +
    (pace ? `, ${count(pace.perSecond)}/s, ${formatDuration(pace.secondsLeft)} left` : '')
  );
}

export interface ProgressOptions {
  now?: () => number;
  /** Lines: at most one per this interval (the first and the last always). */
  everyMs?: number;
}

/** A bar redrawn in place (at most 10 times a second) on a terminal stream. */
export function terminalProgress(
  label: string,
  unit: string,
  write: (text: string) => void,
  { now = () => performance.now() }: ProgressOptions = {},
): ProgressReporter {
  const started = now();
  let drawnAt = Number.NEGATIVE_INFINITY;
  let last: ProgressState | undefined;
  const draw = (state: ProgressState) => write(`\r\x1b[2K${formatBar(state)}`);
  return {
    update(done, total) {
      const t = now();
      last = { label, unit, done, total, elapsedMs: t - started };
      if (t - drawnAt >= 100 || done >= total) {
        drawnAt = t;
        draw(last);
      }
    },
    finish() {
      if (last) draw(last);
      write('\n');
    },
  };
}

/** A line every `everyMs` (for logs and files, where a redrawn bar would be noise). */
export function lineProgress(
  label: string,
  unit: string,
  writeLine: (line: string, state: ProgressState) => void,
  { now = () => performance.now(), everyMs = 5_000 }: ProgressOptions = {},
): ProgressReporter {
  const started = now();
  let writtenAt = Number.NEGATIVE_INFINITY;
  let last: ProgressState | undefined;
  let lastWritten: ProgressState | undefined;
  const emit = (state: ProgressState) => {
    lastWritten = state;
    writeLine(formatLine(state), state);
  };
  return {
    update(done, total) {
      const t = now();
      last = { label, unit, done, total, elapsedMs: t - started };
      if (t - writtenAt >= everyMs) {
        writtenAt = t;
        emit(last);
      }
    },
    finish() {
      if (last && last !== lastWritten) emit(last);
    },
  };
}

/** The reporter for a stream: a bar on a terminal, lines otherwise. */
export function progressOn(
  stream: { isTTY?: boolean; write(text: string): unknown },
  label: string,
  unit: string,
  options?: ProgressOptions,
): ProgressReporter {
  return stream.isTTY
    ? terminalProgress(label, unit, (text) => stream.write(text), options)
    : lineProgress(label, unit, (line) => stream.write(`${line}\n`), options);
}
