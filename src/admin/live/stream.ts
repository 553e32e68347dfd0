import type { LiveActivity } from '../../shared/contracts/admin-live';
import type { LiveActivityTracker } from './activity';

/** At most one event a second while plays come: a busy minute costs a watcher 60 small events. */
const PUSH_AFTER_MS = 1_000;
/**
 * A watcher hears from the server this often even when nothing happens: the minutes move on (the
 * sparkline shifts, old plays leave the counts), and Bun closes a connection idle for 10 seconds.
 */
const TICK_MS = 5_000;

export interface LiveStreamDeps {
  activity: Pick<LiveActivityTracker, 'snapshot' | 'onChange'>;
  /** Kviz uživo rooms open now (0 when the live game is not served). */
  liveGames: () => number;
  /** Aborted when the server stops: every stream ends so the graceful stop need not wait for them. */
  shutdown?: AbortSignal;
}

interface Watcher {
  send(text: string): void;
  close(): void;
}

const encoder = new TextEncoder();

/**
 * The Server-Sent Events behind "Igra sada" (docs/decisions/037). With no watcher nothing runs: no
 * timer, no listener on the activity. The first watcher subscribes and starts the tick; each
 * change schedules one push within PUSH_AFTER_MS; the last watcher to leave stops both.
 */
export function createLiveStream({ activity, liveGames, shutdown }: LiveStreamDeps) {
  const watchers = new Set<Watcher>();
  let unsubscribe: (() => void) | undefined;
  let tick: ReturnType<typeof setInterval> | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let lastSent = '';

  const current = (): LiveActivity => ({ ...activity.snapshot(), liveGames: liveGames() });
  const eventOf = (figures: LiveActivity) => `event: activity\ndata: ${JSON.stringify(figures)}\n\n`;
  /** Sends the figures when they changed (`at` aside), a comment line otherwise (keeps the connection). */
  const broadcast = () => {
    pending = undefined;
    const figures = current();
    const { at: _, ...compared } = figures;
    const key = JSON.stringify(compared);
    const text = key === lastSent ? ': still\n\n' : eventOf(figures);
    lastSent = key;
    for (const watcher of watchers) watcher.send(text);
  };
  const start = () => {
    unsubscribe = activity.onChange(() => {
      pending ??= setTimeout(broadcast, PUSH_AFTER_MS);
    });
    tick = setInterval(broadcast, TICK_MS);
  };
  const stop = () => {
    unsubscribe?.();
    clearInterval(tick);
    clearTimeout(pending);
    unsubscribe = tick = pending = undefined;
    lastSent = '';
  };
  const leave = (watcher: Watcher) => {
    if (!watchers.delete(watcher)) return;
    if (watchers.size === 0) stop();
  };
  shutdown?.addEventListener('abort', () => {
    for (const watcher of [...watchers]) watcher.close();
  });

  return {
    /** The number of open streams (tests: nothing runs without one). */
    get watchers(): number {
      return watchers.size;
    },
    /** Whether a timer or a listener is active (only while someone watches). */
    get running(): boolean {
      return tick !== undefined;
    },
    /** A new stream: the current figures at once, then changes until the client goes away. */
    open(signal?: AbortSignal): ReadableStream<Uint8Array> {
      let watcher: Watcher;
      return new ReadableStream<Uint8Array>({
        start(controller) {
          watcher = {
            send: (text) => {
              try {
                controller.enqueue(encoder.encode(text));
              } catch {
                leave(watcher);
              }
            },
            close: () => {
              leave(watcher);
              try {
                controller.close();
              } catch {
                // already closed by the client
              }
            },
          };
          if (shutdown?.aborted) {
            controller.close();
            return;
          }
          // A reconnecting client waits this long before trying again (the EventSource convention).
          controller.enqueue(encoder.encode(`retry: 3000\n${eventOf(current())}`));
          if (watchers.size === 0) start();
          watchers.add(watcher);
          signal?.addEventListener('abort', () => watcher.close());
        },
        cancel() {
          leave(watcher);
        },
      });
    },
  };
}

export type LiveStream = ReturnType<typeof createLiveStream>;
