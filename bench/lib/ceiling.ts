// The ceiling: a bare Bun.serve on loopback answering a small JSON body at `/`, and at
// `/sized` a pre-made JSON body: with a file argument, those bytes (a real quiz fetched from
// the product, so the comparison is payload-matched), else a body of a quiz's size.
// Prints its URL once listening.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const sized = file
  ? readFileSync(file)
  : JSON.stringify(
      Array.from({ length: 30 }, (_, i) => ({
        id: 1000 + i,
        lyricId: 1000 + i,
        lyric: "k'o da nam je snijeg nešto šapnuo u uši.",
        correctSongId: 12,
        correctSongTitle: 'Sve što zima pokrije',
        albumTitle: 'Godišnja doba',
        albumYear: 2005,
        options: [12, 13, 14, 15, 16].map((id) => ({ id, title: 'Nedjeljom pošta ne radi' })),
      })),
    );
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: (request) =>
    new URL(request.url).pathname === '/sized'
      ? new Response(sized, { headers: { 'content-type': 'application/json;charset=utf-8' } })
      : Response.json({ status: 'ok' }),
});
console.log(server.url.href.replace(/\/$/, ''));
