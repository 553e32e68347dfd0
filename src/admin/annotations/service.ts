import { unprocessable } from '../../errors';
import { type RangeParams, resolveRange } from '../../ranges/admin-range';
import {
  ANNOTATION_MAX_LENGTH,
  ANNOTATIONS_MAX,
  type Annotation,
  type AnnotationList,
  type NewAnnotation,
} from '../../shared/contracts/admin-annotations';
import type { AnnotationStore, StatsStore } from '../../storage/contract';
import { type Day, isDay } from '../../time/day';

/** Control characters (a line break among them) and line separators: a note is one line on a chart. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

export async function listAnnotations(
  store: AnnotationStore,
  stats: StatsStore,
  query: RangeParams,
  today: Day,
): Promise<AnnotationList> {
  const range = await resolveRange(stats, query, today);
  return { ...range, annotations: await store.list(range.from, range.to) };
}

/** A note checked and stored: a real day not after today, one line of 1–80 characters once trimmed. */
export async function addAnnotation(
  store: AnnotationStore,
  body: NewAnnotation,
  today: Day,
  nowMs: number,
): Promise<Annotation> {
  if (!isDay(body.day))
    throw unprocessable('validation_failed', `day must be a date YYYY-MM-DD, got "${body.day}"`, 'day');
  if (body.day > today)
    throw unprocessable('validation_failed', `day must not be after today (${today})`, 'day');
  const text = body.text.trim();
  if (text.length === 0 || text.length > ANNOTATION_MAX_LENGTH)
    throw unprocessable(
      'validation_failed',
      `text must be 1–${ANNOTATION_MAX_LENGTH} characters once trimmed`,
      'text',
    );
  if (CONTROL.test(text))
    throw unprocessable('validation_failed', 'text must be one line without control characters', 'text');
  if ((await store.count()) >= ANNOTATIONS_MAX)
    throw unprocessable(
      'validation_failed',
      `at most ${ANNOTATIONS_MAX} notes are kept; delete some first`,
      'text',
    );
  return store.add(body.day, text, nowMs);
}
