import { Elysia } from 'elysia';
import type { RateLimits } from '../http/rate-limit';
import { limitedRouteHeaders, responses, validationFailed } from '../openapi/components';
import { operation } from '../openapi/contract';
import { SHARE_TARGETS, ShareBeacon } from '../shared/contracts/admin-sources';
import type { SourceCounter } from './counter';

export interface ShareRoutesDeps {
  counter: Pick<SourceCounter, 'share'>;
  /** Carries the `share` limit (RATE_LIMIT_SHARE_PER_MINUTE, in process on every engine). */
  limits: RateLimits;
}

/**
 * The results page's share beacon (docs/decisions/040): one press of a share button, counted in
 * memory. `POST /api/v1/shares` in API v1; the unversioned `POST /api/share` (what the pages send)
 * points at it.
 */
export const shareRoutes = ({ counter, limits }: ShareRoutesDeps, version: 'v0' | 'v1' = 'v0') =>
  new Elysia({
    name: `share-routes-${version}`,
    prefix: version === 'v1' ? '/api/v1' : '/api',
    detail: { tags: [version === 'v1' ? 'Quiz (v1)' : 'Quiz'] },
  })
    .use(limits)
    .post(
      version === 'v1' ? '/shares' : '/share',
      ({ body, set }) => {
        counter.share(body.target);
        set.status = 204;
        return '';
      },
      {
        rateLimit: 'share',
        body: ShareBeacon,
        parse: 'json',
        detail: operation({
          operationId: version === 'v1' ? 'createShare' : 'recordShare',
          access: 'public',
          ...(version === 'v0' ? { successor: { operationId: 'createShare', path: '/api/v1/shares' } } : {}),
          summary: 'Counts a press of a share button',
          description:
            'Sent by the results and daily pages with `navigator.sendBeacon` when a share button is pressed: adds one to that button’s count of the day (aggregate counters only; nothing about the visitor is kept). ' +
            `\`target\` is one of ${SHARE_TARGETS.map((t) => `\`${t}\``).join(', ')}. Counted in memory and written with the next few seconds’ counts, so it costs no database write of its own.`,
          requestBody: {
            description: 'The button pressed.',
            schema: ShareBeacon,
            example: { target: 'whatsapp' },
          },
          responses: {
            204: { description: 'Counted.', headers: limitedRouteHeaders },
            400: responses.MalformedBody,
            408: responses.RequestTimeout,
            413: responses.BodyTooLarge,
            415: responses.UnsupportedMediaType,
            422: validationFailed('target: Expected union value', 'target'),
            429: responses.RateLimited,
          },
        }),
      },
    );
