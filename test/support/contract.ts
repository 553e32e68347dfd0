/**
 * Test support: every answer of the API tests checked against the OpenAPI document the app
 * serves (docs/decisions/013-api-contract.md). The status must be documented for the operation
 * (or be one of the shared 4XX/5XX statuses), the headers the document marks required must be
 * there, and a JSON body must validate (ajv, JSON Schema 2020-12, strict mode). A path no
 * operation has may only answer the JSON 404, 405, 400, 413; OPTIONS answers 204 with Allow.
 */
import { writeFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import Ajv2020 from 'ajv/dist/2020';
import { sharedStatuses } from '../../src/openapi/components';

// biome-ignore lint/suspicious/noExplicitAny: a free-form OpenAPI document, walked by key
type Doc = any;

interface Operation {
  responses: Record<string, Doc>;
}

const DOC_ID = 'kviz-openapi';

/** `#/components/schemas/X` → a reference ajv resolves in the schema registered as DOC_ID. */
const rewriteRefs = (node: unknown, prefix: string): unknown => {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, prefix));
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', `${prefix}#/$defs/`)
        : rewriteRefs(value, prefix),
    ]),
  );
};

const isApiPath = (path: string) => path === '/healthz' || path === '/api' || path.startsWith('/api/');

export interface ContractValidator {
  /** Throws naming what differs from the document; resolves when the answer is as documented. */
  check(method: string, path: string, response: Response): Promise<void>;
}

export function createContractValidator(doc: Doc): ContractValidator {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addSchema({ $id: DOC_ID, $defs: rewriteRefs(doc.components.schemas, '') });
  const compiled = new Map<object, ReturnType<typeof ajv.compile>>();
  const validatorOf = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(rewriteRefs(schema, DOC_ID) as object);
      compiled.set(schema, validate);
    }
    return validate;
  };
  const resolve = (node: Doc): Doc => {
    if (!node?.$ref) return node;
    const [, section, name] = (node.$ref as string).match(/^#\/components\/(\w+)\/(\w+)$/) ?? [];
    return resolve(doc.components[section!][name!]);
  };
  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}/?$`),
  }));
  const errorSchema = doc.components.schemas.Error;

  async function checkBody(where: string, response: Response, documented: Doc, head: boolean) {
    // In process nothing decodes a compressed answer: the checker does.
    const bytes = new Uint8Array(await response.arrayBuffer());
    const coding = response.headers.get('content-encoding');
    const text = new TextDecoder().decode(
      coding === 'gzip'
        ? Bun.gunzipSync(bytes)
        : coding === 'br'
          ? new Uint8Array(brotliDecompressSync(bytes))
          : bytes,
    );
    const [otherType] = Object.keys(documented.content ?? {}).filter((t) => t !== 'application/json');
    if (otherType && !documented.content['application/json']) {
      // A body that is not JSON (a CSV export): its type must be the documented one, and it must not be empty.
      const type = response.headers.get('content-type') ?? '';
      if (!type.startsWith(otherType)) throw new Error(`${where}: documented as ${otherType}, got ${type}`);
      if (!head && text === '')
        throw new Error(`${where}: documented with a ${otherType} body, but none came`);
      return;
    }
    const media = documented.content?.['application/json'];
    if (!media) {
      if (text !== '')
        throw new Error(`${where}: documented without a body, but one came: ${text.slice(0, 200)}`);
      return;
    }
    if (head) return;
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json'))
      throw new Error(`${where}: documented as application/json, got ${type || 'no content-type'}`);
    const validate = validatorOf(media.schema);
    const body: unknown = JSON.parse(text);
    if (!validate(body))
      throw new Error(
        `${where}: body differs from the document: ${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`,
      );
  }

  function checkHeaders(where: string, response: Response, documented: Doc, head: boolean) {
    for (const [name, reference] of Object.entries<Doc>(documented.headers ?? {})) {
      const header = resolve(reference);
      const expected = header.required && !(head && header['x-omitted-on-head']);
      if (expected && !response.headers.has(name))
        throw new Error(`${where}: the required header ${name} is missing`);
      // A HEAD answer must not carry what HEAD does not issue (a quiz token).
      if (head && header['x-omitted-on-head'] && response.headers.has(name))
        throw new Error(`${where}: ${name} is documented as not sent in answer to HEAD`);
    }
  }

  return {
    async check(method, path, response) {
      if (!isApiPath(path)) return;
      const where = `${method} ${path} → ${response.status}`;
      const head = method === 'HEAD';
      const found = templates.find((t) => t.pattern.test(path));
      const operations: Record<string, Operation> = found ? doc.paths[found.template] : {};
      const operation = operations[head ? 'get' : method.toLowerCase()];
      if (method === 'OPTIONS' && found) {
        if (response.status !== 204 || !response.headers.has('allow'))
          throw new Error(`${where}: OPTIONS on a known path answers 204 with Allow`);
        tally();
        return;
      }
      if (!operation) {
        // No such operation: only the shared errors (404, 405 with Allow, 400 target, 413, 500).
        const allowed = [...sharedStatuses['4XX'], ...sharedStatuses['5XX']];
        if (!allowed.includes(response.status as never))
          throw new Error(`${where}: not an operation of the document, so only ${allowed} may answer`);
        if (response.status === 405 && !response.headers.has('allow'))
          throw new Error(`${where}: 405 without Allow`);
        await checkBody(where, response, { content: { 'application/json': { schema: errorSchema } } }, head);
        tally();
        return;
      }
      const status = String(response.status);
      const range = `${status[0]}XX` as keyof typeof sharedStatuses;
      const shared = (sharedStatuses[range] as readonly number[] | undefined)?.includes(response.status);
      const documented = resolve(
        operation.responses[status] ?? (shared ? operation.responses[range] : undefined),
      );
      if (!documented) throw new Error(`${where}: status ${status} is not documented for this operation`);
      checkHeaders(where, response, documented, head);
      await checkBody(where, response, documented, head);
      tally();
    },
  };
}

let counted = 0;
const validators = new Map<string, ContractValidator>();

/** One validator per distinct document (apps of different configurations share most). */
export function contractValidatorFor(documentText: string): ContractValidator {
  let validator = validators.get(documentText);
  if (!validator) {
    validator = createContractValidator(JSON.parse(documentText));
    validators.set(documentText, validator);
  }
  return validator;
}

// `CONTRACT_COUNT_FILE=... bun test` keeps in that file how many answers this run has checked
// (bun test runs every file in one process and calls no exit handler: written as it goes).
const countFile = process.env.CONTRACT_COUNT_FILE;
const tally = () => {
  counted++;
  if (countFile) writeFileSync(countFile, `${counted}\n`);
};

export const contractChecks = () => counted;
