/** 'Nepoznato' for a missing name (docs/product.md#top-lists). */
export const orUnknown = (name: string | null | undefined) => (name ? name : 'Nepoznato');

/** 'Album (1992)'; without a year only the album ('Nepoznato' for no album), never '(null)'. */
export function albumWithYear(title: string | null | undefined, year: number | null | undefined): string {
  const name = orUnknown(title);
  return typeof year === 'number' && Number.isFinite(year) ? `${name} (${year})` : name;
}
