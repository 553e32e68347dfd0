import { type Static, Type as t } from '@sinclair/typebox';

/** The catalogue file format; data/README.md documents it for operators. */
const CatalogueSong = t.Object(
  {
    title: t.String({ minLength: 1, maxLength: 200 }),
    lines: t.Array(t.String(), { minItems: 1 }),
  },
  { additionalProperties: false },
);

const CatalogueAlbum = t.Object(
  {
    title: t.String({ minLength: 1, maxLength: 200 }),
    year: t.Integer({ minimum: 1900, maximum: 2100 }),
    songs: t.Array(CatalogueSong, { minItems: 1 }),
  },
  { additionalProperties: false },
);

export const CatalogueFile = t.Object(
  {
    $schema: t.Optional(t.String()),
    artist: t.String({ minLength: 1, maxLength: 200 }),
    albums: t.Array(CatalogueAlbum, { minItems: 1 }),
  },
  { additionalProperties: false },
);

export type CatalogueFile = Static<typeof CatalogueFile>;

export const LINE_MAX_LENGTH = 300;
export const MIN_SONGS = 5;

/** A catalogue that passed validation: trimmed titles, normalised and de-duplicated lines. */
export interface NormalizedCatalogue {
  artist: string;
  albums: { title: string; year: number; songs: { title: string; lines: string[] }[] }[];
  /** Line keys (see lineKey) that occur in more than one song; such lines are never asked. */
  ambiguousKeys: Set<string>;
}

export interface CatalogueProblem {
  path: string;
  message: string;
}

export interface ValidationResult {
  catalogue: NormalizedCatalogue | undefined;
  errors: CatalogueProblem[];
  warnings: CatalogueProblem[];
}
