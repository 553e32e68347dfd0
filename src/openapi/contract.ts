import type { TSchema } from '@sinclair/typebox';
import type { DocumentDecoration } from 'elysia';
import type { Param } from '../http/params';

/**
 * The vocabulary in which a route states its API contract (docs/decisions/013-api-contract.md).
 * A route passes `detail: operation({...})`; src/openapi/document.ts turns every route's contract
 * into the OpenAPI document, and the contract test checks real answers against that document.
 * Schemas here are the same TypeBox objects the route validates with or answers from.
 */

export interface HeaderSpec {
  description: string;
  schema: TSchema;
  /** The header is always sent with this response. */
  required?: boolean;
  /** Not sent in answer to HEAD (a quiz token: HEAD issues none); shown as `x-omitted-on-head`. */
  omittedOnHead?: boolean;
  example?: unknown;
}

interface LinkSpec {
  operationId: string;
  description: string;
  requestBody?: unknown;
}

export interface ResponseSpec {
  description: string;
  /** The JSON body; none for 204/304. */
  schema?: TSchema;
  /** The media type of the body when it is not JSON (a CSV export): `schema` then describes its text. */
  mediaType?: string;
  example?: unknown;
  /** Named examples, when one status has several distinct causes. */
  examples?: Record<string, { summary: string; value: unknown }>;
  /** Keyed by the HTTP header name. */
  headers?: Record<string, HeaderSpec>;
  links?: Record<string, LinkSpec>;
}

/** A request header the operation reads. */
export interface RequestHeaderSpec {
  name: string;
  description: string;
  schema: TSchema;
  example: unknown;
}

export interface OperationSpec {
  /** Identifier-safe and unique: generated clients name their methods after it. */
  operationId: string;
  summary: string;
  description: string;
  /** `public` operations carry `security: []`; `admin` ones require HTTP Basic. */
  access: 'public' | 'admin';
  tags?: string[];
  /** Every query and path parameter the route validates, in the order they are shown. */
  parameters?: readonly Param[];
  headers?: readonly RequestHeaderSpec[];
  requestBody?: { description: string; schema: TSchema; example: unknown };
  /**
   * The v1 operation that replaces this one (docs/decisions/034): the operation is documented as
   * deprecated, and its answers carry `Deprecation`, `Sunset` and a `successor-version` Link.
   * `path` may hold the `{name}` parameters of this operation's own path.
   */
  successor?: { operationId: string; path: string };
  /** Every status the operation answers, besides the shared 4XX (400 bad_request_target, 404, 405, 413) and 5XX (500, 503). */
  responses: Record<number, ResponseSpec>;
}

/** The key under which a route's `detail` carries its contract. */
const CONTRACT = 'x-contract';

/** A route's `detail`: its contract, plus what Elysia itself reads from `detail`. */
export function operation(spec: OperationSpec): DocumentDecoration {
  const detail = {
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    ...(spec.tags ? { tags: spec.tags } : {}),
    [CONTRACT]: spec,
  };
  // An extension key Elysia keeps as it is (tested by the document builder, which needs it).
  return detail as DocumentDecoration;
}

export function contractOf(detail: unknown): OperationSpec | undefined {
  if (typeof detail !== 'object' || detail === null || !(CONTRACT in detail)) return undefined;
  return (detail as Record<typeof CONTRACT, OperationSpec>)[CONTRACT];
}
