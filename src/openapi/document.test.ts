import { beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp } from '../../test/support/fixtures';

/** The public document speaks to consumers (docs/decisions/034). */

describe('the OpenAPI document', () => {
  let text = '';
  // biome-ignore lint/suspicious/noExplicitAny: a free-form OpenAPI document, walked by key
  let doc: any;
  beforeAll(async () => {
    const app = await createTestApp({ env: { SITE_URL: 'https://kviz.example.hr', CORS_ORIGINS: '*' } });
    text = await (await app.request('/openapi/json')).text();
    doc = JSON.parse(text);
  });

  test('names no operator variable, no spec and no ADR', () => {
    expect(text.match(/\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b/g) ?? []).toEqual([]);
    expect(text.match(/\bspec\b|spec[’']s|docs\/decisions|\bADR\b|kviz admin/gi) ?? []).toEqual([]);
  });

  test('describes every property', () => {
    const undescribed: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) {
        node.forEach((item, i) => {
          walk(item, `${at}[${i}]`);
        });
      }
      if (typeof node !== 'object' || node === null) return;
      const properties = (node as { properties?: Record<string, Record<string, unknown>> }).properties;
      for (const [name, schema] of Object.entries(properties ?? {}))
        if (!('description' in schema)) undescribed.push(`${at}.${name}`);
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    };
    walk(doc, '');
    expect(undescribed).toEqual([]);
  });

  test('every object an operation answers with is a named schema', () => {
    const inline: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, { responses: Record<string, unknown> }>>(
      doc.paths,
    ))
      for (const [method, op] of Object.entries(operations)) {
        const ok = op.responses['200'] as { content?: Record<string, { schema: Record<string, unknown> }> };
        const schema = ok?.content?.['application/json']?.schema;
        if (schema && schema.type === 'object') inline.push(`${method} ${path}`);
      }
    expect(inline).toEqual([]);
  });
});
