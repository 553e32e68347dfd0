import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configVariables } from './config';

test('the README documents every configuration variable with its default', () => {
  const readme = readFileSync(join(import.meta.dir, '..', 'README.md'), 'utf8');
  for (const v of configVariables) {
    const row = readme
      .split('\n')
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .find((cells) => cells[1] === `\`${v.name}\``);
    expect(row, v.name).toBeDefined();
    if (v.default) expect(row?.[2]).toBe(`\`${v.default}\``);
  }
});
