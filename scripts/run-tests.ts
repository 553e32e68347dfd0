/**
 * `npm test`: `bun test` with its output passed through as it comes, and, when tests fail, each
 * failure's message printed once more at the very end. A CI log is often read from its tail
 * (the summary lists only the failed tests' names, their messages are far above, among 1,500
 * passing lines); this puts the why next to the what.
 */
export {};

/** A failure's output longer than this is repeated as its first and last lines (a large diff). */
const HEAD_LINES = 60;
const TAIL_LINES = 20;

const proc = Bun.spawn([process.execPath, 'test', ...process.argv.slice(2)], {
  stdout: 'inherit',
  stderr: 'pipe',
  stdin: 'inherit',
});

/** The lines since the last test result: what bun printed for a test before its '(fail)'. */
const recent: string[] = [];
const failures: string[][] = [];
let partial = '';
/** Bun ends with a summary that names the failed tests again: no messages there. */
let summary = false;
const decoder = new TextDecoder();

const reader = proc.stderr.getReader();
for (let read = await reader.read(); !read.done; read = await reader.read()) {
  const chunk = read.value;
  process.stderr.write(chunk);
  const lines = (partial + decoder.decode(chunk, { stream: true })).split('\n');
  partial = lines.pop() ?? '';
  for (const line of lines) {
    if (/^\d+ tests? failed:/.test(line)) summary = true;
    if (summary) continue;
    if (line.startsWith('(fail)')) {
      // Bun prints a test's error above its '(fail)' line, after the previous test's result line.
      const cut = recent.length - HEAD_LINES - TAIL_LINES;
      failures.push(
        cut > 0
          ? [...recent.slice(0, HEAD_LINES), `… ${cut} lines …`, ...recent.slice(-TAIL_LINES), line]
          : [...recent, line],
      );
      recent.length = 0;
    } else if (/^\((pass|skip|todo)\)/.test(line)) recent.length = 0;
    else recent.push(line);
  }
}
const code = await proc.exited;

if (failures.length > 0) {
  const n = failures.length;
  process.stderr.write(`\n${n} failed test${n === 1 ? '' : 's'}, each with what it printed:\n`);
  for (const failure of failures) process.stderr.write(`\n${failure.join('\n')}\n`);
}
process.exit(code);
