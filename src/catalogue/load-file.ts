import { readFileSync } from 'node:fs';
import { assetPath } from '../assets';
import type { ValidationResult } from './openapi';
import { type ValidateOptions, validateCatalogue } from './validate';

export class CatalogueFileError extends Error {}

/** The demo catalogue shipped with the product (embedded in the binary). */
export const embeddedCataloguePath = assetPath('data/catalogue.json');

/** Reads and validates a catalogue file; unreadable or non-JSON files throw CatalogueFileError. */
export function readCatalogueFile(path: string, options: ValidateOptions = {}): ValidationResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CatalogueFileError(
      code === 'ENOENT' ? `no such file: ${path}` : `cannot read ${path}: ${code ?? error}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CatalogueFileError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  return validateCatalogue(json, options);
}
