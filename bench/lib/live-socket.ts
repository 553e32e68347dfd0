import type { ClientMessage, ServerMessage } from '../../src/shared/contracts/party';

/** Wall-clock milliseconds with sub-millisecond resolution, comparable between processes. */
export const wallNow = () => performance.timeOrigin + performance.now();

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;
export type Timed<T extends ServerMessage['type']> = { m: Of<T>; at: number };

/**
 * A Kviz uživo socket of the load generator: messages are taken by type, in order (those that
 * arrived first wait in a queue); each carries the moment it arrived. Messages of the types in
 * `ignored` are never waited for and are dropped unparsed: a generator process speaks for
 * thousands of phones, and each phone would read its own copy on its own CPU.
 */
export class LiveSocket {
  private waiting = new Map<string, ((t: Timed<ServerMessage['type']>) => void)[]>();
  private arrived = new Map<string, Timed<ServerMessage['type']>[]>();

  private constructor(
    readonly ws: WebSocket,
    ignored: readonly ServerMessage['type'][],
  ) {
    // Every server message is serialised with its type first.
    const prefixes = ignored.map((type) => `{"type":"${type}"`);
    ws.onmessage = (event) => {
      const at = wallNow();
      const text = String(event.data);
      if (prefixes.some((prefix) => text.startsWith(prefix))) return;
      const m = JSON.parse(text) as ServerMessage;
      const list = this.waiting.get(m.type);
      if (list?.length) list.shift()!({ m, at } as Timed<ServerMessage['type']>);
      else {
        const queue = this.arrived.get(m.type) ?? [];
        queue.push({ m, at } as Timed<ServerMessage['type']>);
        this.arrived.set(m.type, queue);
      }
    };
  }

  static open(url: string, ignored: readonly ServerMessage['type'][]): Promise<LiveSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.onopen = () => resolve(new LiveSocket(ws, ignored));
      ws.onerror = () => reject(new Error(`could not connect to ${url}`));
    });
  }

  send(m: ClientMessage): void {
    this.ws.send(JSON.stringify(m));
  }

  next<T extends ServerMessage['type']>(type: T): Promise<Timed<T>> {
    const queued = this.arrived.get(type)?.shift();
    if (queued) return Promise.resolve(queued as unknown as Timed<T>);
    return new Promise((resolve) => {
      const list = this.waiting.get(type) ?? [];
      list.push((t) => resolve(t as unknown as Timed<T>));
      this.waiting.set(type, list);
    });
  }

  close(): void {
    this.ws.close();
  }
}
