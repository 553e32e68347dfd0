import { type Static, Type as T } from '@sinclair/typebox';
import { IsoDate } from './time-series';

/**
 * The administrator's notes on dates (docs/decisions/037), drawn on the dashboard's trend:
 *
 *   GET    /api/admin/annotations?from&to   → AnnotationList
 *   POST   /api/admin/annotations           { day, text } → 201 Annotation
 *   DELETE /api/admin/annotations/{id}      → 204 (also when there was none)
 */
export const ANNOTATION_MAX_LENGTH = 80;
/** More notes than a chart can show: a runaway script is stopped, not the administrator. */
export const ANNOTATIONS_MAX = 1000;

export const Annotation = T.Object(
  {
    id: T.Integer({ minimum: 1, description: 'The note’s id (for DELETE).' }),
    day: { ...IsoDate, description: 'The day the note is on, in the server’s time zone.' },
    text: T.String({
      minLength: 1,
      maxLength: ANNOTATION_MAX_LENGTH,
      description: 'What happened that day.',
    }),
  },
  { description: 'A note on a date.' },
);
export type Annotation = Static<typeof Annotation>;

export const AnnotationList = T.Object(
  {
    from: IsoDate,
    to: IsoDate,
    annotations: T.Array(Annotation, {
      description: 'The notes of the range, by day, then in the order added.',
    }),
  },
  { description: 'The notes on the days of a range.' },
);
export type AnnotationList = Static<typeof AnnotationList>;

export const NewAnnotation = T.Object(
  {
    day: { ...IsoDate, description: 'A day not after today (server’s time zone).' },
    text: T.String({
      minLength: 1,
      maxLength: 200,
      description: `What happened; trimmed, 1–${ANNOTATION_MAX_LENGTH} characters, one line.`,
    }),
  },
  { description: 'A note to add.' },
);
export type NewAnnotation = Static<typeof NewAnnotation>;
