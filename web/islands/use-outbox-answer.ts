import { useEffect, useRef } from 'react';
import { OUTCOMES_KEY, type Outcome, outcomeOf } from '../lib/outbox';
import {
  flushOutbox,
  OUTBOX_EVENT,
  OUTBOX_OFFLINE_EVENT,
  type OutboxEventDetail,
} from '../lib/outbox-sender';

/**
 * Waits for the server's answer to the play `id` handed to the outbox (docs/decisions/032): the
 * one kept from before, this page's sending or another tab's. `onAnswer` runs once; `onNetwork`
 * says whether a server can be reached meanwhile (false: the play waits for the network).
 */
export function useOutboxAnswer(
  id: string | null,
  onAnswer: (outcome: Outcome) => void,
  onNetwork: (online: boolean) => void,
): void {
  const handlers = useRef({ onAnswer, onNetwork });
  handlers.current = { onAnswer, onNetwork };
  useEffect(() => {
    if (!id) return;
    let settled = false;
    const apply = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      handlers.current.onAnswer(outcome);
    };
    const known = outcomeOf(localStorage, id);
    if (known) {
      apply(known);
      return;
    }
    const onSent = (event: Event) => {
      const detail = (event as CustomEvent<OutboxEventDetail>).detail;
      if (detail.id === id) apply(detail.outcome);
    };
    const onStorage = (event: StorageEvent) => {
      const outcome = event.key === OUTCOMES_KEY ? outcomeOf(localStorage, id) : undefined;
      if (outcome) apply(outcome);
    };
    const onOffline = () => {
      if (!settled) handlers.current.onNetwork(false);
    };
    const onOnline = () => {
      if (!settled) handlers.current.onNetwork(true);
    };
    addEventListener(OUTBOX_EVENT, onSent);
    addEventListener(OUTBOX_OFFLINE_EVENT, onOffline);
    addEventListener('offline', onOffline);
    addEventListener('online', onOnline);
    addEventListener('storage', onStorage);
    if (navigator.onLine === false) onOffline();
    void flushOutbox(true);
    return () => {
      settled = true;
      removeEventListener(OUTBOX_EVENT, onSent);
      removeEventListener(OUTBOX_OFFLINE_EVENT, onOffline);
      removeEventListener('offline', onOffline);
      removeEventListener('online', onOnline);
      removeEventListener('storage', onStorage);
    };
  }, [id]);
}
