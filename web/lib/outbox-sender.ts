/**
 * Sends the outbox (web/lib/outbox.ts) from whichever page is open: at once, when the browser is
 * back on the network, when the tab is shown again, and when the next retry is due. `keepalive`
 * lets a request started just before the player leaves the page finish after it (docs/decisions/032).
 * No React: the page script of every page runs it.
 */
import { duePlays, isFinalRefusal, nextDueAt, type Outcome, postpone, readOutbox, settle } from './outbox';

/** Fired on window (this tab) when a play's answer arrives; other tabs see the storage change. */
export const OUTBOX_EVENT = 'kviz:outbox';
/** Fired when an attempt reached no server (offline): pages say the play is kept. */
export const OUTBOX_OFFLINE_EVENT = 'kviz:outbox-offline';

export interface OutboxEventDetail {
  id: string;
  outcome: Outcome;
}

let running: Promise<void> | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

async function sendOne(id: string, body: unknown): Promise<'settled' | 'offline' | 'later'> {
  let response: Response;
  try {
    response = await fetch('/api/stats/submit-quiz', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    });
  } catch {
    postpone(localStorage, id, Date.now());
    return 'offline';
  }
  let outcome: Outcome | undefined;
  if (response.ok) outcome = { kind: 'recorded', result: await response.json() };
  else if (isFinalRefusal(response.status)) {
    const error = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    outcome = {
      kind: 'refused',
      status: response.status,
      code: error?.error?.code ?? String(response.status),
    };
    console.error('Slanje rezultata nije uspjelo', response.status, outcome.code);
  }
  if (!outcome) {
    const retryAfter = Number(response.headers.get('retry-after'));
    postpone(localStorage, id, Date.now(), retryAfter > 0 ? retryAfter * 1000 : undefined);
    return 'later';
  }
  settle(localStorage, id, outcome);
  dispatchEvent(new CustomEvent<OutboxEventDetail>(OUTBOX_EVENT, { detail: { id, outcome } }));
  return 'settled';
}

function schedule() {
  clearTimeout(timer);
  const at = nextDueAt(localStorage);
  if (at !== undefined && navigator.onLine !== false)
    timer = setTimeout(() => void flushOutbox(), Math.max(0, at - Date.now()) + 50);
}

/**
 * Sends every play that is due (`all`: every waiting play, as when the network comes back), one
 * at a time; calls made meanwhile join the running one.
 */
export function flushOutbox(all = false): Promise<void> {
  const send = async () => {
    // Read under the lock: a play another tab has just settled is not sent again.
    const entries = all ? readOutbox(localStorage) : duePlays(localStorage, Date.now());
    for (const entry of entries) {
      if ((await sendOne(entry.id, entry.body)) === 'offline') {
        dispatchEvent(new CustomEvent(OUTBOX_OFFLINE_EVENT, { detail: { id: entry.id } }));
        break; // no network: the others would fail the same way
      }
    }
  };
  running ??= (async () => {
    try {
      // One tab sends at a time, so two open pages do not both send the same play (each
      // submission counts against the address's limits, docs/decisions/012).
      if (navigator.locks) await navigator.locks.request('kviz-outbox', send);
      else await send();
    } catch (error) {
      console.error(error); // storage unavailable: nothing can be kept or sent
    } finally {
      running = undefined;
      try {
        schedule();
      } catch {
        // storage unavailable
      }
    }
  })();
  return running;
}

let started = false;

/** Once per page: send now and whenever the network or the tab comes back. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  void flushOutbox();
  addEventListener('online', () => void flushOutbox(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushOutbox(true);
  });
}
