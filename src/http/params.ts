import { Type as T, type TSchema } from '@sinclair/typebox';
import { t } from 'elysia';
import { unprocessable } from '../errors';
import { DEFAULT_DIFFICULTY, DIFFICULTIES } from '../shared/difficulty';
import { fieldError } from './field-error';

/**
 * A query or path parameter: the validator a route gives Elysia and the OpenAPI parameter the
 * docs show, made from one definition (docs/decisions/013-api-contract.md).
 */
export interface Param<Name extends string = string, Validator extends TSchema = TSchema> {
  name: Name;
  in: 'query' | 'path';
  required: boolean;
  description: string;
  /** What Elysia validates: always from the raw string, never coerced by Elysia. */
  validator: Validator;
  /** What the document shows (a plain JSON type with its bounds). */
  schema: TSchema;
  example: unknown;
}

const DIGITS = '^[0-9]+$';

/**
 * An integer parameter parsed strictly: only ASCII digits (`^[0-9]+$`) within
 * [minimum, maximum]. Elysia's coercing `t.Integer` let `1e1`, `0x5`, `+7`, `5.0` and
 * ` ` (as 0) through, and documented the parameter as `string | integer`.
 */
export function integerParam<Name extends string>(spec: {
  name: Name;
  in: 'query' | 'path';
  minimum: number;
  maximum: number;
  description: string;
  example: number;
  default?: number;
}) {
  const { name, minimum, maximum } = spec;
  const message = `${name} must be an integer from ${minimum} to ${maximum}`;
  const digits = t.String({ pattern: DIGITS, error: fieldError(name, message) });
  const decode = (raw: string) => {
    const value = Number(raw);
    if (value < minimum || value > maximum) throw unprocessable('validation_failed', message, name);
    return value;
  };
  const validator = t
    .Transform(digits)
    .Decode(decode)
    .Encode((value) => String(value));
  const param = {
    name,
    in: spec.in,
    required: spec.in === 'path',
    description: spec.description,
    validator,
    schema: T.Integer({
      minimum,
      maximum,
      ...(spec.default === undefined ? {} : { default: spec.default }),
    }),
    example: spec.example,
  } satisfies Param<Name>;
  return {
    ...param,
    /**
     * For a hot route: the digits-only check without the transform, the route calling
     * `decode` itself (the same 422s). Elysia 1.4 decodes a query with a transform twice, and
     * the second pass, given the number, fails its string check and builds an error it then
     * drops, on every GET /api/quiz (docs/decisions/018).
     */
    digits,
    decode,
  };
}

/** A query parameter taking one of a few words. */
export function enumParam<Name extends string, const Value extends string>(spec: {
  name: Name;
  values: readonly Value[];
  description: string;
  example: Value;
}) {
  const message = `${spec.name} must be one of ${spec.values.join(', ')}`;
  return {
    name: spec.name,
    in: 'query',
    required: false,
    description: spec.description,
    validator: t.Union(
      spec.values.map((value) => t.Literal(value)),
      { error: fieldError(spec.name, message) },
    ),
    schema: T.Union(spec.values.map((value) => T.Literal(value))),
    example: spec.example,
  } satisfies Param<Name>;
}

/**
 * `difficulty` (docs/decisions/022): one of DIFFICULTIES, default normal. The literals are
 * spelled out so that the route sees the union type (a mapped array types as never).
 */
export function difficultyParam(description: string) {
  const message = `difficulty must be one of ${DIFFICULTIES.join(', ')}`;
  return {
    name: 'difficulty',
    in: 'query',
    required: false,
    description,
    validator: t.Union([t.Literal('easy'), t.Literal('normal'), t.Literal('hard')], {
      error: fieldError('difficulty', message),
    }),
    schema: T.Union([T.Literal('easy'), T.Literal('normal'), T.Literal('hard')], {
      default: DEFAULT_DIFFICULTY,
    }),
    example: 'hard',
  } satisfies Param<'difficulty'>;
}
