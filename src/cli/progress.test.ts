import { describe, expect, test } from 'bun:test';
import { formatBar, formatDuration, formatLine, lineProgress, terminalProgress } from './progress';

const state = { label: 'verify', unit: 'plays', done: 450_000, total: 1_000_000, elapsedMs: 9_000 };

describe('progress of long operator work', () => {
  test('a bar with the share, the counts, the rate and the time left', () => {
    expect(formatBar(state, 20)).toBe(
      'verify [#########···········]   45%  450,000/1,000,000 plays  50,000/s  0:11 left',
    );
    expect(formatBar({ ...state, done: 0, elapsedMs: 0 }, 4)).toBe('verify [····]    0%  0/1,000,000 plays');
  });

  test('a line for logs, and durations in minutes or hours', () => {
    expect(formatLine(state)).toBe('verify: 450,000/1,000,000 plays (45%), 50,000/s, 0:11 left');
    expect([
      formatDuration(59.4),
      formatDuration(61),
      formatDuration(3_725),
      formatDuration(Infinity),
    ]).toEqual(['0:59', '1:01', '1:02:05', '?']);
  });

  test('on a terminal the bar is redrawn in place at most ten times a second, and its line ended', () => {
    let now = 0;
    const out: string[] = [];
    const bar = terminalProgress('rebuild', 'plays', (text) => out.push(text), { now: () => now });
    bar.update(0, 100);
    now = 50;
    bar.update(10, 100); // within 100 ms: not drawn
    now = 150;
    bar.update(20, 100);
    now = 160;
    bar.update(100, 100); // the end is always drawn
    bar.finish();
    expect(out.map((t) => t.replace(/ +/g, ' '))).toEqual([
      '\r\x1b[2Krebuild [························] 0% 0/100 plays',
      '\r\x1b[2Krebuild [#####···················] 20% 20/100 plays 133/s 0:01 left',
      '\r\x1b[2Krebuild [########################] 100% 100/100 plays 625/s 0:00 left',
      '\r\x1b[2Krebuild [########################] 100% 100/100 plays 625/s 0:00 left',
      '\n',
    ]);
  });

  test('in a log, a line every interval and the last one at the end', () => {
    let now = 0;
    const lines: string[] = [];
    const progress = lineProgress('converting plays', 'plays', (line) => lines.push(line), {
      now: () => now,
      everyMs: 5_000,
    });
    for (let done = 0; done <= 100; done += 10) {
      progress.update(done, 100);
      now += 1_000;
    }
    progress.finish();
    expect(lines).toEqual([
      'converting plays: 0/100 plays (0%)',
      'converting plays: 50/100 plays (50%), 10/s, 0:05 left',
      'converting plays: 100/100 plays (100%), 10/s, 0:00 left',
    ]);
  });
});
