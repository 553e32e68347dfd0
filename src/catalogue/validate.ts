import { TypeCompiler } from '@sinclair/typebox/compiler';
import { lintCatalogue } from './lint';
import type { LintSong } from './lint-types';
import { lineKey, normalizeText } from './normalize';
import {
  CatalogueFile,
  type CatalogueProblem,
  LINE_MAX_LENGTH,
  MIN_SONGS,
  type NormalizedCatalogue,
  type ValidationResult,
} from './openapi';

const checker = TypeCompiler.Compile(CatalogueFile);

/** `/albums/2/songs/4/title` → `albums[2].songs[4].title` */
export function pointerToPath(pointer: string): string {
  if (pointer === '') return '(root)';
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const arrayAt = (value: unknown, key: string): unknown[] =>
  isObject(value) && Array.isArray(value[key]) ? (value[key] as unknown[]) : [];

export interface ValidateOptions {
  /** Warnings count as errors (`kviz import --strict`): a catalogue with any is not imported. */
  strict?: boolean;
  /**
   * Run the advisory checks of lint.ts (titles in lines, near-duplicates, line lengths); on by
   * default. The first start turns them off for the embedded demo, whose warnings nobody reads
   * and whose own test (data/catalogue.test.ts) proves it has none.
   */
  lint?: boolean;
}

/**
 * Checks a parsed catalogue file against the schema and the cross-entry
 * rules, reporting every problem at once with its JSON path. The cross-entry
 * rules run on whatever parts are well-formed, so one run lists everything.
 * `catalogue` is set only when there is no error.
 */
export function validateCatalogue(input: unknown, options: ValidateOptions = {}): ValidationResult {
  const errors: CatalogueProblem[] = [];
  const warnings: CatalogueProblem[] = [];
  const lint = options.lint ?? true;

  const seenPaths = new Set<string>();
  // The compiled check is fast on a valid file (every first start validates the embedded one);
  // only a failing file is walked for its errors.
  const schemaErrors = checker.Check(input) ? [] : checker.Errors(input);
  for (const error of schemaErrors) {
    const path = pointerToPath(error.path);
    // TypeBox reports a union of failures for one spot; the first is the useful one.
    if (seenPaths.has(path)) continue;
    seenPaths.add(path);
    errors.push({ path, message: error.message });
  }

  const albumTitles = new Map<string, string>();
  const songTitles = new Map<string, string>();
  const songsByLineKey = new Map<string, { song: string; path: string }[]>();
  const albums: NormalizedCatalogue['albums'] = [];
  const lintSongs: LintSong[] = [];
  let songCount = 0;

  arrayAt(input, 'albums').forEach((album, a) => {
    const albumPath = `albums[${a}]`;
    const title = isObject(album) && typeof album.title === 'string' ? normalizeText(album.title) : undefined;
    if (title !== undefined) {
      const key = title.toLocaleLowerCase('hr');
      if (title === '') errors.push({ path: `${albumPath}.title`, message: 'must not be blank' });
      else if (albumTitles.has(key))
        errors.push({
          path: `${albumPath}.title`,
          message: `"${title}" is already the title of ${albumTitles.get(key)}`,
        });
      else albumTitles.set(key, albumPath);
    }
    const songs: NormalizedCatalogue['albums'][number]['songs'] = [];

    arrayAt(album, 'songs').forEach((song, s) => {
      const songPath = `${albumPath}.songs[${s}]`;
      songCount++;
      const songTitle =
        isObject(song) && typeof song.title === 'string' ? normalizeText(song.title) : undefined;
      if (songTitle !== undefined) {
        const key = songTitle.toLocaleLowerCase('hr');
        if (songTitle === '') errors.push({ path: `${songPath}.title`, message: 'must not be blank' });
        else if (songTitles.has(key))
          errors.push({
            path: `${songPath}.title`,
            message: `"${songTitle}" is already the title of ${songTitles.get(key)}; song titles must be unique across the catalogue`,
          });
        else songTitles.set(key, songPath);
      }

      const lines: string[] = [];
      const lintLines: LintSong['lines'] = [];
      const keysInSong = new Set<string>();
      arrayAt(song, 'lines').forEach((raw, l) => {
        if (typeof raw !== 'string') return; // reported by the schema
        const linePath = `${songPath}.lines[${l}]`;
        const line = normalizeText(raw);
        if (line === '') {
          errors.push({ path: linePath, message: 'must not be blank' });
          return;
        }
        if (line.length > LINE_MAX_LENGTH) {
          errors.push({
            path: linePath,
            message: `is ${line.length} characters long; at most ${LINE_MAX_LENGTH}`,
          });
          return;
        }
        const key = lineKey(line);
        if (keysInSong.has(key)) return; // a chorus: kept once
        keysInSong.add(key);
        lines.push(line);
        lintLines.push({ path: linePath, text: line, key });
        const owners = songsByLineKey.get(key) ?? [];
        owners.push({ song: songTitle ?? songPath, path: linePath });
        songsByLineKey.set(key, owners);
      });
      if (songTitle !== undefined) songs.push({ title: songTitle, lines });
      if (songTitle) lintSongs.push({ path: songPath, album: albumPath, title: songTitle, lines: lintLines });
    });
    if (title !== undefined && isObject(album) && Number.isInteger(album.year))
      albums.push({ title, year: album.year as number, songs });
  });

  if (Array.isArray(isObject(input) ? input.albums : undefined) && songCount < MIN_SONGS)
    errors.push({
      path: 'albums',
      message: `the catalogue has ${songCount} song(s); at least ${MIN_SONGS} are needed to offer 5 options`,
    });

  const ambiguousKeys = new Set<string>();
  for (const [key, owners] of songsByLineKey) {
    if (owners.length < 2) continue;
    ambiguousKeys.add(key);
    for (const owner of owners) {
      const others = owners.filter((o) => o !== owner).map((o) => `"${o.song}" (${o.path})`);
      warnings.push({
        path: owner.path,
        message: `the line also appears in ${others.join(', ')}; it is ambiguous and will not be asked`,
      });
    }
  }
  if (songsByLineKey.size > 0 && ambiguousKeys.size === songsByLineKey.size)
    errors.push({ path: 'albums', message: 'every line is ambiguous; no question could be asked' });

  const artist = isObject(input) && typeof input.artist === 'string' ? normalizeText(input.artist) : '';
  if (isObject(input) && typeof input.artist === 'string' && artist === '')
    errors.push({ path: 'artist', message: 'must not be blank' });

  if (lint) warnings.push(...lintCatalogue(lintSongs));
  warnings.sort((x, y) => x.path.localeCompare(y.path, 'en', { numeric: true }));
  if (options.strict) {
    errors.push(...warnings);
    warnings.length = 0;
  }
  return {
    catalogue: errors.length === 0 ? { artist, albums, ambiguousKeys } : undefined,
    errors,
    warnings,
  };
}

export function formatProblem(problem: CatalogueProblem): string {
  return `${problem.path}: ${problem.message}`;
}
