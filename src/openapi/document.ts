import type { TSchema } from '@sinclair/typebox';
import type { Param } from '../http/params';
import { headers as namedHeaders, responses as namedResponses, schemas as namedSchemas } from './components';
import { contractOf, type HeaderSpec, type OperationSpec, type ResponseSpec } from './contract';

/** What the builder needs of a route: Elysia's `app.routes` entries have this shape. */
export interface RouteInfo {
  method: string;
  path: string;
  hooks: { detail?: unknown; query?: unknown; params?: unknown };
}

export interface DocumentInfo {
  title: string;
  version: string;
  /** The public address of this server (SITE_URL). */
  serverUrl: string;
  contact: { name: string; url: string };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Paths that belong to the API contract; the pages and the docs' own files are not API calls. */
const isApiPath = (path: string) => path === '/healthz' || path === '/api' || path.startsWith('/api/');

const invert = <V extends object>(named: Record<string, V>) =>
  new Map<object, string>(Object.entries(named).map(([name, value]) => [value, name]));

const schemaNames = invert<TSchema>(namedSchemas);
/**
 * Named schemas by their JSON text, for the copies TypeBox makes of them: `T.Optional(X)` is a
 * new object with a symbol key, so a property made optional would otherwise lose X's name.
 */
const schemaNamesByText = new Map(Object.entries(namedSchemas).map(([name, s]) => [JSON.stringify(s), name]));
const OPTIONAL = Symbol.for('TypeBox.Optional');
const headerNames = invert<HeaderSpec>(namedHeaders);
const responseNames = invert<ResponseSpec>(namedResponses);

/**
 * A TypeBox schema as JSON Schema 2020-12: a named schema (src/openapi/components.ts, matched by
 * identity) becomes a `$ref`; a union of string literals becomes an `enum`; TypeBox's symbol
 * keys are dropped.
 */
function schemaJson(node: unknown, root = false): Json {
  if (Array.isArray(node)) return node.map((item) => schemaJson(item));
  if (typeof node !== 'object' || node === null) return node as Json;
  const name = root
    ? undefined
    : (schemaNames.get(node) ?? (OPTIONAL in node ? schemaNamesByText.get(JSON.stringify(node)) : undefined));
  if (name) return { $ref: `#/components/schemas/${name}` };
  const record = node as Record<string, unknown>;
  const out: JsonObject = {};
  const anyOf = record.anyOf;
  const literals =
    Array.isArray(anyOf) && anyOf.length > 0 && anyOf.every((s) => typeof s?.const === 'string');
  for (const key of Object.keys(record)) {
    if (literals && key === 'anyOf') continue;
    out[key] =
      key === 'properties' ? propertiesJson(record[key] as Record<string, unknown>) : schemaJson(record[key]);
  }
  if (literals) {
    out.type = 'string';
    out.enum = (anyOf as { const: string }[]).map((s) => s.const);
  }
  return out;
}

/**
 * An object's properties: one that refers to a named schema keeps that schema's description
 * beside the `$ref` (OpenAPI 3.1 allows it), so every property is described where it is used.
 */
function propertiesJson(properties: Record<string, unknown>): Json {
  const out: JsonObject = {};
  for (const [name, property] of Object.entries(properties)) {
    const json = schemaJson(property);
    const description = (property as { description?: unknown }).description;
    out[name] =
      typeof json === 'object' && json !== null && '$ref' in json && typeof description === 'string'
        ? { ...json, description }
        : json;
  }
  return out;
}

function headerJson(spec: HeaderSpec, top = false): Json {
  const name = top ? undefined : headerNames.get(spec);
  if (name) return { $ref: `#/components/headers/${name}` };
  return {
    description: spec.description,
    required: spec.required ?? false,
    schema: schemaJson(spec.schema),
    ...(spec.example === undefined ? {} : { example: spec.example as Json }),
    ...(spec.omittedOnHead ? { 'x-omitted-on-head': true } : {}),
  };
}

function responseJson(spec: ResponseSpec, top = false): Json {
  const name = top ? undefined : responseNames.get(spec);
  if (name) return { $ref: `#/components/responses/${name}` };
  const out: JsonObject = { description: spec.description };
  if (spec.headers)
    out.headers = Object.fromEntries(
      Object.entries(spec.headers).map(([h, header]) => [h, headerJson(header)]),
    );
  if (spec.schema) {
    const media: JsonObject = { schema: schemaJson(spec.schema) };
    if (spec.example !== undefined) media.example = spec.example as Json;
    if (spec.examples) media.examples = spec.examples as Json;
    out.content = { [spec.mediaType ?? 'application/json']: media };
  }
  if (spec.links) out.links = spec.links as unknown as Json;
  return out;
}

function parameterJson(param: Param): Json {
  return {
    name: param.name,
    in: param.in,
    required: param.required,
    description: param.description,
    schema: schemaJson(param.schema),
    example: param.example as Json,
  };
}

/** The names a route's validator accepts, to check them against the documented parameters. */
function propertyNames(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties).sort() : [];
}

function checkParameters(route: RouteInfo, spec: OperationSpec) {
  for (const place of ['query', 'path'] as const) {
    const documented = (spec.parameters ?? [])
      .filter((p) => p.in === place)
      .map((p) => p.name)
      .sort();
    const validated = propertyNames(place === 'query' ? route.hooks.query : route.hooks.params);
    if (documented.join() !== validated.join())
      throw new Error(
        `${route.method} ${route.path}: documented ${place} parameters [${documented}] differ from the validated [${validated}]`,
      );
  }
}

function operationJson(route: RouteInfo, spec: OperationSpec): JsonObject {
  checkParameters(route, spec);
  const detail = route.hooks.detail as { tags?: string[] };
  const parameters = [
    ...(spec.parameters ?? []).map(parameterJson),
    ...(spec.headers ?? []).map((h) => ({
      name: h.name,
      in: 'header',
      required: false,
      description: h.description,
      schema: schemaJson(h.schema),
      example: h.example as Json,
    })),
  ];
  const responses: JsonObject = {};
  for (const [status, response] of Object.entries(spec.responses)) responses[status] = responseJson(response);
  responses['4XX'] = { $ref: '#/components/responses/RequestError' };
  responses['5XX'] = { $ref: '#/components/responses/ServerError' };
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.successor
      ? `${spec.description}\n\n**Deprecated**: use \`${spec.successor.operationId}\` (\`${spec.successor.path}\`). ` +
        'Answers carry `Deprecation`, `Sunset` (the date after which this operation may be removed) and `Link: <…>; rel="successor-version"`.'
      : spec.description,
    ...(spec.successor ? { deprecated: true } : {}),
    tags: spec.tags ?? detail.tags ?? [],
    security: spec.access === 'admin' ? [{ basicAuth: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.requestBody
      ? {
          requestBody: {
            description: spec.requestBody.description,
            required: true,
            content: {
              'application/json': {
                schema: schemaJson(spec.requestBody.schema),
                example: spec.requestBody.example as Json,
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of the API, built from the contracts the routes carry
 * (`detail: operation(...)`). An API route without a contract, or whose validated
 * parameters differ from its documented ones, is a programming error: it throws.
 */
export function buildOpenApiDocument(routes: readonly RouteInfo[], info: DocumentInfo): JsonObject {
  const paths: Record<string, JsonObject> = {};
  const operationIds = new Set<string>();
  for (const route of routes) {
    if (!isApiPath(route.path) || (route.hooks.detail as { hide?: boolean } | undefined)?.hide) continue;
    const spec = contractOf(route.hooks.detail);
    if (!spec) throw new Error(`${route.method} ${route.path} has no API contract (detail: operation(...))`);
    if (operationIds.has(spec.operationId)) throw new Error(`operationId ${spec.operationId} is used twice`);
    operationIds.add(spec.operationId);
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationJson(route, spec);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: `${info.title} API`,
      version: info.version,
      description:
        'The JSON API of the lyric quiz. **Version 1** lives under `/api/v1/`: `GET /api/v1/quiz` (or `/api/v1/daily`) returns a `Quiz` with its `token`; ' +
        '`POST /api/v1/plays` submits the songs chosen with that token, and the server grades them. `GET /api/v1/meta` states the rules. ' +
        'The unversioned `/api/*` operations that v1 replaces still answer as before; they are marked deprecated and send `Deprecation`, `Sunset` and a `successor-version` Link. ' +
        'Within v1 only additions are made (new operations, optional parameters, response fields, error codes for new faults): ignore fields you do not know. A change of anything existing is a new version.\n\n' +
        '**Glossary.** *Play*: one submitted quiz, recorded once per token. *Player*: one `sessionId` (a browser); players count people, plays count games. ' +
        "*Line*: one line of a song's lyrics, the thing a question asks (`lyricId`). *Song*, *album*: as in the catalogue. " +
        "*Answers*: how often a line (or a song's lines) was asked in recorded plays; *correctAnswers*: how often rightly; *accuracy*: correctAnswers / answers × 100. " +
        '*Difficulty*: `easy`, `normal`, `hard`; a score is compared with plays of its own difficulty. ' +
        "*Ranked play*: a player's first daily play of a day; the daily figures count ranked plays only.\n\n" +
        '**HTTP.** Every error answers `{ "error": { "code", "message", "field"?, "requestId" } }` with a `code` from the `Error` schema, one code per fault; every answer carries `X-Request-Id`. ' +
        'A path that does not exist answers 404 JSON, a wrong method 405 with `Allow`, a request body that is not JSON 415. HEAD never issues a quiz. ' +
        'Public statistics carry a strong `ETag` and `Cache-Control: public, max-age=N`: send `If-None-Match` to get 304. ' +
        'Lists of v1 are paged: `limit` (1–1000, default 100), `offset`, `total`, and `Link: <…>; rel="next"` while there is a next page. ' +
        'The public calls answer cross-origin requests from the origins the operator allows; the admin calls never do.',
      contact: info.contact,
      license: { name: 'Proprietary: the operator of this server', url: info.serverUrl },
    },
    // First the origin the document was read from (so Swagger UI's "Try it out" stays same-origin
    // under the Content-Security-Policy whatever SITE_URL says), then the public address.
    servers: [
      { url: '/', description: 'The server this document came from.' },
      { url: info.serverUrl, description: 'The public address of the site.' },
    ],
    tags: [
      { name: 'Quiz', description: 'Playing the quiz: fetch questions, submit the answers.' },
      {
        name: 'Statistics',
        description: 'Public aggregate statistics: cacheable, cross-origin when allowed.',
      },
      {
        name: 'Daily challenge',
        description:
          'The same 30 lines for everyone each day: fetch it, submit it like a play (the first of a session each day is ranked), its percentile, streak and figures.',
      },
      {
        name: 'Quiz (v1)',
        description: 'Playing through API v1: one quiz resource, a submission the server grades.',
      },
      { name: 'Statistics (v1)', description: 'Public statistics through API v1: cacheable, paged lists.' },
      {
        name: 'Daily challenge (v1)',
        description:
          'The daily challenge’s figures through API v1: a score’s percentile, a player’s streak, the day in figures.',
      },
      { name: 'Meta (v1)', description: 'The rules of this server.' },
      { name: 'Admin', description: 'Detailed statistics for the administrator (HTTP Basic).' },
      {
        name: 'Admin (v1)',
        description: 'The administrator’s figures through API v1: paged lists, a range of days (HTTP Basic).',
      },
      { name: 'Operations', description: 'Health checks.' },
    ],
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(namedSchemas).map(([name, s]) => [name, schemaJson(s, true)]),
      ),
      headers: Object.fromEntries(
        Object.entries(namedHeaders).map(([name, h]) => [name, headerJson(h, true)]),
      ),
      responses: Object.fromEntries(
        Object.entries(namedResponses).map(([name, r]) => [name, responseJson(r, true)]),
      ),
      securitySchemes: {
        basicAuth: {
          type: 'http',
          scheme: 'basic',
          description:
            'The administrator’s user name and password; use only over TLS. A 401 carries `WWW-Authenticate: Basic realm=…`; ' +
            'requests with an `X-Requested-With` header get the scheme name `KvizBasic` instead, so browsers do not open their own sign-in dialog. ' +
            'Lockout: after 10 wrong passwords (the default) from one address (an IPv6 /64) within 15 minutes, that address gets 429 with `Retry-After`, ' +
            'even for the right password, until the window ends or the operator lifts the lock. Requests without credentials are a plain 401 and do not count; ' +
            'a successful sign-in clears the count; at most two slow password checks run at once (429 beyond).',
        },
      },
    },
  };
}
