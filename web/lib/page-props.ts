/** What every page knows about the site (serialisable: islands receive it as props). */
export interface Creator {
  name: string;
  url: string;
  appUrl: string;
}

export interface PageProps {
  /** The product title: '{artist} Kviz znanja'. */
  title: string;
  artist: string;
  siteUrl: string;
  creator: Creator;
}

/** The product title everywhere: '{artist} Kviz znanja' (DESIGN.md §1). */
export function productTitle(artist: string): string {
  return `${artist} Kviz znanja`.trim();
}
