interface IndexedAlbum {
  id: number;
  title: string;
  year: number;
}
export interface IndexedSong {
  id: number;
  title: string;
  album: IndexedAlbum;
  /** Position in `CatalogueIndex.songs` (distractors are drawn by position). */
  index: number;
  /** The song as a quiz option, shared by every question that offers it. */
  option: { id: number; title: string };
}
export interface IndexedLyric {
  id: number;
  text: string;
  song: IndexedSong;
}

/**
 * The active catalogue held in memory. Quiz generation and grading read it
 * instead of the database: picking 30 random lines from an array costs
 * microseconds, `ORDER BY random()` costs a table scan per request.
 */
export interface CatalogueIndex {
  artist: string;
  albums: IndexedAlbum[];
  songs: IndexedSong[];
  /** Every active line, ambiguous ones included (used for grading and statistics). */
  lyricsById: Map<number, IndexedLyric>;
  songsById: Map<number, IndexedSong>;
  /** Active lines that may be asked: never an ambiguous one. */
  askable: IndexedLyric[];
}

/** The active rows of the catalogue, as either engine reads them (albums by year and position, songs by position, lines by id). */
export interface CatalogueRows {
  artist: string;
  albums: { id: number; title: string; year: number }[];
  songs: { id: number; title: string; albumId: number }[];
  lyrics: { id: number; text: string; songId: number; ambiguous: boolean }[];
}

export function buildCatalogueIndex(rows: CatalogueRows): CatalogueIndex {
  const { artist } = rows;
  const albumsById = new Map(rows.albums.map((a) => [a.id, { id: a.id, title: a.title, year: a.year }]));
  const songsById = new Map<number, IndexedSong>();
  for (const s of rows.songs) {
    const album = albumsById.get(s.albumId);
    if (album)
      songsById.set(s.id, {
        id: s.id,
        title: s.title,
        album,
        index: songsById.size,
        option: { id: s.id, title: s.title },
      });
  }
  const lyricsById = new Map<number, IndexedLyric>();
  const askable: IndexedLyric[] = [];
  for (const l of rows.lyrics) {
    const song = songsById.get(l.songId);
    if (!song) continue;
    const lyric = { id: l.id, text: l.text, song };
    lyricsById.set(l.id, lyric);
    if (!l.ambiguous) askable.push(lyric);
  }
  return {
    artist,
    albums: [...albumsById.values()],
    songs: [...songsById.values()],
    lyricsById,
    songsById,
    askable,
  };
}
