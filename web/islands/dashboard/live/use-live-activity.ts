import { useEffect, useState } from 'react';
import type { LiveActivity } from '../../../../src/shared/contracts/admin-live';
import { parseSse, reconnectDelayMs } from './sse';

export type LiveState =
  | { status: 'connecting' }
  | { status: 'live'; activity: LiveActivity }
  | { status: 'retrying'; activity?: LiveActivity; inSeconds: number };

/**
 * "Igra sada"'s figures, streamed from GET /api/admin/live while the card is on screen and the
 * page visible: a hidden tab closes the stream (the server then runs nothing for it) and opens
 * it again when shown. A dropped stream is tried again after 1, 2, 4 … 15 seconds; a 401 is
 * handed to `onSignedOut` (the dashboard's own reads sign out the same way).
 */
export function useLiveActivity(credentials: string, onSignedOut: () => void): LiveState {
  const [state, setState] = useState<LiveState>({ status: 'connecting' });
  useEffect(() => {
    let stopped = false;
    let failures = 0;
    let last: LiveActivity | undefined;
    let controller: AbortController | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const read = async (body: ReadableStream<Uint8Array>) => {
      const reader = body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const parsed = parseSse(buffer + decoder.decode(value, { stream: true }));
        buffer = parsed.rest;
        for (const event of parsed.events) {
          if (event.event !== 'activity') continue;
          last = JSON.parse(event.data) as LiveActivity;
          failures = 0;
          setState({ status: 'live', activity: last });
        }
      }
    };
    const connect = async () => {
      clearTimeout(retry);
      controller?.abort();
      const current = new AbortController();
      controller = current;
      try {
        const res = await fetch('/api/admin/live', {
          headers: {
            authorization: `Basic ${credentials}`,
            'x-requested-with': 'fetch',
            accept: 'text/event-stream',
          },
          cache: 'no-store',
          signal: current.signal,
        });
        if (res.status === 401) {
          stopped = true;
          onSignedOut();
          return;
        }
        if (!res.ok || !res.body) throw new Error(`live: ${res.status}`);
        await read(res.body);
      } catch (error) {
        if (current.signal.aborted) return;
        console.warn('Igra sada:', error instanceof Error ? error.message : error);
      }
      if (stopped || current.signal.aborted) return;
      failures++;
      const delay = reconnectDelayMs(failures);
      setState({
        status: 'retrying',
        ...(last ? { activity: last } : {}),
        inSeconds: Math.round(delay / 1000),
      });
      retry = setTimeout(() => void connect(), delay);
    };
    const onVisibility = () => {
      if (document.hidden) {
        clearTimeout(retry);
        controller?.abort();
      } else if (!stopped) {
        void connect();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    if (!document.hidden) void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [credentials, onSignedOut]);
  return state;
}
