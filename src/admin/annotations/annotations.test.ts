import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createEngineTestApp, ENGINES, type EngineTestApp } from '../../../test/support/engines';
import { CLUSTER_START_MS } from '../../../test/support/postgres';
import type { Annotation, AnnotationList } from '../../shared/contracts/admin-annotations';

/** The dashboard's notes on dates (issue 34; docs/decisions/037), on both engines, checked against the table. */
const auth = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const json = { ...auth, 'content-type': 'application/json' };

describe.each(ENGINES)('%s', (engine) => {
  let app: EngineTestApp;
  beforeAll(async () => {
    app = await createEngineTestApp(engine);
    app.clock.ms = Date.parse('2025-10-27T12:00:00Z');
  }, CLUSTER_START_MS);
  afterAll(() => app.close(), 30_000);

  const add = (day: string, text: string) =>
    app.request('/api/admin/annotations', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ day, text }),
    });

  test('added, listed by range in day order, deleted; the table holds what the API says', async () => {
    const first = await add('2025-10-20', '  Radijska emisija „Čuvari svjetla“ — đak, šum, žar  ');
    expect(first.status).toBe(201);
    expect(first.headers.get('cache-control')).toBe('no-store, private');
    const radio = (await first.json()) as Annotation;
    expect(radio).toMatchObject({
      day: '2025-10-20',
      text: 'Radijska emisija „Čuvari svjetla“ — đak, šum, žar',
    });
    const catalogue = (await (await add('2025-10-02', 'Novi katalog')).json()) as Annotation;
    await add('2025-09-01', 'Izvan raspona');

    const res = await app.request('/api/admin/annotations?from=2025-10-01&to=2025-10-27', { headers: auth });
    expect(res.status).toBe(200);
    const list = (await res.json()) as AnnotationList;
    expect(list.annotations).toEqual([catalogue, radio]);
    const rows = await app.all(
      "SELECT id, day, text FROM annotations WHERE day >= '2025-10-01' AND day <= '2025-10-27' ORDER BY day, id",
    );
    expect(rows.map((r) => ({ id: Number(r.id), day: r.day, text: r.text }))).toEqual(list.annotations);

    const gone = await app.request(`/api/admin/annotations/${radio.id}`, { method: 'DELETE', headers: auth });
    expect(gone.status).toBe(204);
    // A repeated DELETE has the same outcome.
    expect(
      (await app.request(`/api/admin/annotations/${radio.id}`, { method: 'DELETE', headers: auth })).status,
    ).toBe(204);
    const [{ n }] = (await app.all('SELECT count(*) AS n FROM annotations')) as [{ n: unknown }];
    expect(Number(n)).toBe(2);
  });

  test('refused: a future day, an impossible date, empty or two-line or too long text; no credentials', async () => {
    for (const [day, text, field] of [
      ['2025-10-28', 'Sutra', 'day'],
      ['2025-02-30', 'Nema ga', 'day'],
      ['2025-10-01', '   ', 'text'],
      ['2025-10-01', 'dva\nretka', 'text'],
      ['2025-10-01', 'ž'.repeat(81), 'text'],
    ] as const) {
      const res = await add(day, text);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(field);
    }
    const anonymous = await app.request('/api/admin/annotations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ day: '2025-10-01', text: 'x' }),
    });
    expect(anonymous.status).toBe(401);
    expect((await app.request('/api/admin/annotations')).status).toBe(401);
  });
});
