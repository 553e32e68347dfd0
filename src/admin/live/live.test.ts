import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../../test/support/play';
import type { LiveActivity } from '../../shared/contracts/admin-live';
import { createLiveActivity } from './activity';
import { createLiveStream } from './stream';

/**
 * "Igra sada" (issue 34; docs/decisions/037): the in-memory activity, its event stream (nothing
 * runs without a watcher) and GET /api/admin/live, whose figures are recomputed here from the
 * plays table.
 */
const auth = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const T0 = Date.UTC(2026, 10, 27, 20, 0, 30);

describe('the activity', () => {
  test('players now = distinct players who finished in 5 minutes + quizzes still open; plays of 30 minutes; the sparkline', () => {
    let now = T0;
    const activity = createLiveActivity(() => now);
    for (let i = 0; i < 4; i++) activity.quizIssued();
    now += 60_000;
    // Two of the four quizzes answered, by the same player: one player, two plays.
    activity.playRecorded(uuid(1), T0, now);
    activity.playRecorded(uuid(1), T0, now);
    let s = activity.snapshot();
    expect(s).toMatchObject({ playersFinished: 1, openQuizzes: 2, playersNow: 3, playsLast30Minutes: 2 });
    expect(s.playsPerMinute).toHaveLength(60);
    expect(s.playsPerMinute.at(-1)).toBe(2);
    expect(s.playsPerMinute.reduce((a, b) => a + b)).toBe(2);
    // Six minutes on: nobody is playing now, the plays still count in the last 30 minutes.
    now += 6 * 60_000;
    s = activity.snapshot();
    expect(s).toMatchObject({ playersNow: 0, playersFinished: 0, openQuizzes: 0, playsLast30Minutes: 2 });
    expect(s.playsPerMinute.at(-7)).toBe(2);
    // 30 minutes after the plays' minute they leave the count; after an hour, the sparkline.
    now = T0 + 60_000 + 30 * 60_000;
    expect(activity.snapshot().playsLast30Minutes).toBe(0);
    expect(activity.snapshot().playsPerMinute.at(-31)).toBe(2);
    now = T0 + 60_000 + 60 * 60_000;
    expect(activity.snapshot().playsPerMinute.every((n) => n === 0)).toBe(true);
  });

  test('players who play again stay counted from their latest play; thousands of them expire exactly', () => {
    let now = T0;
    const activity = createLiveActivity(() => now);
    // 3,000 players, each playing every 2 minutes for 10 minutes, a second apart.
    const played = new Map<number, number>();
    for (let minute = 0; minute < 10; minute += 2)
      for (let p = 0; p < 3_000; p++) {
        now = T0 + minute * 60_000 + p * 20;
        activity.playRecorded(uuid(p), now, now);
        played.set(p, now);
      }
    const finishedAt = (at: number) => [...played.values()].filter((t) => t > at - 5 * 60_000).length;
    for (const later of [0, 60_000, 4 * 60_000 + 30_000, 5 * 60_000, 5 * 60_000 + 30_000, 6 * 60_000]) {
      now = T0 + 8 * 60_000 + 3_000 * 20 + later;
      expect(activity.snapshot().playersFinished).toBe(finishedAt(now));
    }
    expect(activity.snapshot().playersFinished).toBe(0);
    // One player again: only them.
    activity.playRecorded(uuid(7), now, now);
    expect(activity.snapshot().playersFinished).toBe(1);
  });

  test('a slot reused an hour later starts from zero', () => {
    let now = T0;
    const activity = createLiveActivity(() => now);
    activity.playRecorded(uuid(1), now, now);
    now += 60 * 60_000;
    activity.playRecorded(uuid(2), now, now);
    const s = activity.snapshot();
    expect(s.playsPerMinute.reduce((a, b) => a + b)).toBe(1);
    expect(s.playsLast30Minutes).toBe(1);
  });
});

/** Reads Server-Sent Events from a stream until `until` holds for an event's data (or the time runs out). */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  until: (events: LiveActivity[]) => boolean,
  timeoutMs = 5_000,
): Promise<{ events: LiveActivity[]; text: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: LiveActivity[] = [];
  let text = '';
  const deadline = Date.now() + timeoutMs;
  while (!until(events) && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      Bun.sleep(deadline - Date.now()).then(() => ({ done: true, value: undefined })),
    ]);
    if (chunk.done || !chunk.value) break;
    text += decoder.decode(chunk.value, { stream: true });
    const blocks = text.split('\n\n');
    events.length = 0;
    for (const block of blocks) {
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (block.includes('event: activity') && data) events.push(JSON.parse(data.slice(6)) as LiveActivity);
    }
  }
  reader.releaseLock();
  return { events, text };
}

describe('the stream', () => {
  test('no timer and no listener without a watcher; the first watcher starts them, the last one stops them', async () => {
    const activity = createLiveActivity(() => Date.now());
    let listeners = 0;
    const counted = {
      snapshot: activity.snapshot,
      onChange: (listener: () => void) => {
        listeners++;
        const off = activity.onChange(listener);
        return () => {
          listeners--;
          off();
        };
      },
    };
    const stream = createLiveStream({ activity: counted, liveGames: () => 2 });
    activity.quizIssued();
    expect(stream.running).toBe(false);
    expect(listeners).toBe(0);
    const one = stream.open();
    const two = stream.open();
    expect(stream.watchers).toBe(2);
    expect(listeners).toBe(1);
    const first = await readEvents(one, (events) => events.length > 0);
    expect(first.text.startsWith('retry: 3000\n')).toBe(true);
    expect(first.events[0]).toMatchObject({ openQuizzes: 1, playersNow: 1, liveGames: 2 });
    await one.cancel();
    expect(stream.running).toBe(true);
    await two.cancel();
    expect(stream.watchers).toBe(0);
    expect(stream.running).toBe(false);
    expect(listeners).toBe(0);
  });

  test('a server stop ends every stream', async () => {
    const shutdown = new AbortController();
    const stream = createLiveStream({
      activity: createLiveActivity(() => Date.now()),
      liveGames: () => 0,
      shutdown: shutdown.signal,
    });
    const reader = stream.open().getReader();
    await reader.read();
    shutdown.abort();
    expect((await reader.read()).done).toBe(true);
    expect(stream.watchers).toBe(0);
    expect(stream.running).toBe(false);
  });
});

describe('GET /api/admin/live', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '1000', RATE_LIMIT_QUIZ_PER_MINUTE: '1000' },
    });
  });
  afterAll(() => app.db.$client.close());

  test('requires the administrator', async () => {
    const res = await app.request('/api/admin/live');
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store, private');
  });

  test('streams the figures, updated within a few seconds of a play; they equal a recount of the plays table', async () => {
    const aborted = new AbortController();
    // app.handle, not app.request: the contract check would read the endless body to its end.
    const res = await app.app.handle(
      new Request('http://localhost/api/admin/live', { headers: auth, signal: aborted.signal }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store, private');
    const body = res.body!;
    const quizzes = [await fetchQuiz(app), await fetchQuiz(app), await fetchQuiz(app)];
    app.clock.advance(90);
    const started = Date.now();
    for (const [i, quiz] of quizzes.slice(0, 2).entries()) {
      const sent = await submit(app, answerQuiz(quiz, 10 + i, uuid(i + 1)));
      expect(sent.status).toBe(200);
    }
    const { events } = await readEvents(body, (e) => e.at(-1)?.playsLast30Minutes === 2);
    expect(Date.now() - started).toBeLessThan(5_000);
    const last = events.at(-1)!;
    // The recount: plays recorded in this minute and the 29 before it, players of the last 5 minutes.
    const minute = Math.floor(app.clock.nowMs() / 60_000);
    const recount = app.db.$client
      .query<{ plays: number; players: number }, [number, number]>(
        `SELECT count(*) AS plays,
                count(DISTINCT CASE WHEN created_at > ?2 THEN player_id END) AS players
         FROM plays WHERE created_at >= ?1`,
      )
      .get((minute - 29) * 60_000, app.clock.nowMs() - 5 * 60_000)!;
    expect(recount.plays).toBe(2);
    expect(last.playsLast30Minutes).toBe(recount.plays);
    expect(last.playersFinished).toBe(recount.players);
    expect(last.openQuizzes).toBe(1);
    expect(last.playersNow).toBe(recount.players + 1);
    expect(last.playsPerMinute.reduce((a, b) => a + b)).toBe(recount.plays);
    aborted.abort();
  });
});
