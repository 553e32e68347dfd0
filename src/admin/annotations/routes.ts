import { Elysia, t } from 'elysia';
import { integerParam } from '../../http/params';
import { headers, responses, validationFailed } from '../../openapi/components';
import { operation } from '../../openapi/contract';
import { Annotation, AnnotationList, NewAnnotation } from '../../shared/contracts/admin-annotations';
import { RangeQueryParams, rangeInvalid, rangeParams } from '../../stats/openapi';
import type { AnnotationStore, StatsStore } from '../../storage/contract';
import type { Day } from '../../time/day';
import { addAnnotation, listAnnotations } from './service';

export interface AnnotationRoutesDeps {
  store: AnnotationStore;
  stats: StatsStore;
  today: () => Day;
  nowMs: () => number;
}

const idParam = integerParam({
  name: 'id',
  in: 'path',
  minimum: 1,
  maximum: 2_147_483_647,
  example: 3,
  description: 'The note’s id.',
});
const privateCache = { 'Cache-Control': headers.CacheControlPrivate };
const signIn = { 401: responses.Unauthorized, 429: responses.SignInLocked };
const example: Annotation = { id: 3, day: '2026-11-14', text: 'Radijska emisija o albumu Svjetionik' };

/** What the list of notes is, in both versions. */
export const annotationListRead = {
  summary: 'The administrator’s notes on the days of a range',
  description:
    'Notes such as a radio show or a new catalogue, by day; the dashboard draws them on its trend. `from`/`to` as for the range reads (neither: all time). Requires the administrator’s HTTP Basic credentials.',
};

/** The dashboard's notes on dates (docs/decisions/037), mounted inside the admin routes (Basic auth, no-store). */
export const annotationRoutes = (deps: AnnotationRoutesDeps, version: 'v0' | 'v1' = 'v0') => {
  const named = (v0: string, v1: string) =>
    version === 'v0'
      ? {
          operationId: v0,
          successor: {
            operationId: v1,
            path: `/api/v1/admin/annotations${v0.startsWith('delete') ? '/{id}' : ''}`,
          },
        }
      : { operationId: v1, tags: ['Admin (v1)'] };
  // API v1 lists the notes a page at a time (src/v1/admin-dashboard-routes.ts); adding and deleting are the same.
  const reads =
    version === 'v0'
      ? new Elysia().get(
          '/annotations',
          ({ query }) => listAnnotations(deps.store, deps.stats, query, deps.today()),
          {
            query: RangeQueryParams,
            detail: operation({
              ...named('getAdminAnnotations', 'listAdminAnnotations'),
              access: 'admin',
              ...annotationListRead,
              parameters: rangeParams,
              responses: {
                200: {
                  description: 'The notes.',
                  schema: AnnotationList,
                  example: { from: '2026-11-01', to: '2026-11-27', annotations: [example] },
                  headers: privateCache,
                },
                ...signIn,
                422: rangeInvalid,
              },
            }),
          },
        )
      : new Elysia();
  return reads
    .post(
      '/annotations',
      async ({ body, set }) => {
        const added = await addAnnotation(deps.store, body, deps.today(), deps.nowMs());
        set.status = 201;
        return added;
      },
      {
        body: NewAnnotation,
        parse: 'json',
        detail: operation({
          ...named('createAdminAnnotation', 'addAdminAnnotation'),
          access: 'admin',
          summary: 'Adds a note on a date',
          description:
            'A note on a day not after today: one line, 1–80 characters once trimmed; at most 1,000 notes are kept. Requires the administrator’s HTTP Basic credentials.',
          requestBody: {
            description: 'The day and the note.',
            schema: NewAnnotation,
            example: { day: example.day, text: example.text },
          },
          responses: {
            201: { description: 'The note as stored.', schema: Annotation, example, headers: privateCache },
            400: responses.MalformedBody,
            408: responses.RequestTimeout,
            413: responses.BodyTooLarge,
            415: responses.UnsupportedMediaType,
            ...signIn,
            422: validationFailed('day must not be after today (2026-11-27)', 'day'),
          },
        }),
      },
    )
    .delete(
      '/annotations/:id',
      async ({ params, set }) => {
        await deps.store.remove(params.id);
        set.status = 204;
        return '';
      },
      {
        params: t.Object({ id: idParam.validator }),
        detail: operation({
          ...named('deleteAdminAnnotation', 'removeAdminAnnotation'),
          access: 'admin',
          summary: 'Deletes a note',
          description:
            'Deletes the note; 204 also when there was none (a repeated DELETE has the same outcome). Requires the administrator’s HTTP Basic credentials.',
          parameters: [idParam],
          responses: {
            204: { description: 'The note is gone.', headers: privateCache },
            ...signIn,
            // It takes no body; one that is sent must still be JSON, as on every operation.
            415: responses.UnsupportedMediaType,
            422: validationFailed('id must be an integer from 1', 'id'),
          },
        }),
      },
    );
};
