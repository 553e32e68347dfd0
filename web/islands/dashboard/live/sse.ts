/**
 * Server-Sent Events read from a fetch stream (no DOM): EventSource cannot send the admin's
 * Authorization header, so the dashboard parses the stream itself (docs/decisions/037).
 */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Splits the text received so far into whole events; returns them and the unfinished rest.
 * Comment lines (`: …`) and `retry:` are skipped; several `data:` lines join with newlines.
 */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: SseEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** Waits before the next attempt after `failures` failed ones: 1, 2, 4, 8, 15, 15 … seconds. */
export const reconnectDelayMs = (failures: number) =>
  Math.min(15_000, 1_000 * 2 ** Math.max(0, failures - 1));
