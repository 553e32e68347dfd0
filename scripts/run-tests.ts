/**
 * `npm test`: `bun test` with its output passed through as it comes, and, when tests fail, each
 * failure's message printed once more at the very end. A CI log is often read from its tail
 * (the summary lists only the failed tests' names, their messages are far above, among 1,500
 * passing lines); this puts the why next to the what.
 */
export {};

const CONTEXT_LINES = 30;

const proc = Bun.spawn([process.execPath, 'test', ...process.argv.slice(2)], {
  stdout: 'inherit',
  stderr: 'pipe',
  stdin: 'inherit',
});

/** The last CONTEXT_LINES lines before the current one: what bun printed for a test before its '(fail)'. */
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
      const start = recent.findLastIndex((l) => /^\((pass|fail|skip|todo)\)/.test(l));
      failures.push([...recent.slice(start + 1), line]);
      recent.length = 0;
    } else {
      recent.push(line);
      if (recent.length > CONTEXT_LINES) recent.shift();
    }
  }
}
const code = await proc.exited;

if (failures.length > 0) {
  const n = failures.length;
  process.stderr.write(`\n${n} failed test${n === 1 ? '' : 's'}, each with what it printed:\n`);
  for (const failure of failures) process.stderr.write(`\n${failure.join('\n')}\n`);
}
process.exit(code);
