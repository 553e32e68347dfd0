import { useEffect, useRef } from 'react';
import { OUTCOMES_KEY, type Outcome, outcomeOf } from '../lib/outbox';
import {
  flushOutbox,
  OUTBOX_EVENT,
  OUTBOX_OFFLINE_EVENT,
  type OutboxEventDetail,
} from '../lib/outbox-sender';

export interface OutboxOutcomeHandlers {
  /** The server's final answer for the play: once. */
  onOutcome(outcome: Outcome): void;
  /** No network: the play waits in the outbox. */
  onOffline(): void;
  /** Back online: the outbox sends it again. */
  onOnline(): void;
}

/**
 * Waits for the server's answer to the play `pendingId` handed to the outbox, for the results
 * and the daily islands (docs/decisions/032): already known, sent by this page, or by any other tab (the storage
 * event); meanwhile it reports the network going and coming. Handlers are read at call time,
 * so the caller need not keep them stable.
 */
export function useOutboxOutcome(pendingId: string | null, handlers: OutboxOutcomeHandlers): void {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    if (!pendingId) return;
    let settled = false;
    const apply = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      current.current.onOutcome(outcome);
    };
    const known = outcomeOf(localStorage, pendingId);
    if (known) {
      apply(known);
      return;
    }
    const onAnswer = (event: Event) => {
      const detail = (event as CustomEvent<OutboxEventDetail>).detail;
      if (detail.id === pendingId) apply(detail.outcome);
    };
    const onStorage = (event: StorageEvent) => {
      const outcome = event.key === OUTCOMES_KEY ? outcomeOf(localStorage, pendingId) : undefined;
      if (outcome) apply(outcome);
    };
    const onOffline = () => {
      if (!settled) current.current.onOffline();
    };
    const onOnline = () => {
      if (!settled) current.current.onOnline();
    };
    addEventListener(OUTBOX_EVENT, onAnswer);
    addEventListener(OUTBOX_OFFLINE_EVENT, onOffline);
    addEventListener('offline', onOffline);
    addEventListener('online', onOnline);
    addEventListener('storage', onStorage);
    if (navigator.onLine === false) onOffline();
    void flushOutbox(true);
    return () => {
      settled = true;
      removeEventListener(OUTBOX_EVENT, onAnswer);
      removeEventListener(OUTBOX_OFFLINE_EVENT, onOffline);
      removeEventListener('offline', onOffline);
      removeEventListener('online', onOnline);
      removeEventListener('storage', onStorage);
    };
  }, [pendingId]);
}
