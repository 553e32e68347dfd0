import type { ClientMessage, ServerMessage } from '../../src/shared/contracts/party';

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** A WebSocket client of Kviz uživo for tests: sends messages, waits for the next of a type. */
export class PartyClient {
  readonly received: ServerMessage[] = [];
  closed: { code: number; reason: string } | undefined;
  private waiters: (() => void)[] = [];
  private seen = 0;

  private constructor(readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      this.received.push(JSON.parse(String(event.data)) as ServerMessage);
      this.wake();
    });
    socket.addEventListener('close', (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.wake();
    });
  }

  /** `headers`: sent with the upgrade (an `X-Forwarded-For` through a trusted proxy). */
  static async connect(url: string, headers?: Record<string, string>): Promise<PartyClient> {
    // Bun's WebSocket takes options with headers; the DOM's type, which wins here, knows only protocols.
    const options = { headers } as unknown as string[];
    const socket = headers ? new WebSocket(url, options) : new WebSocket(url);
    const client = new PartyClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`could not connect to ${url}`)), {
        once: true,
      });
    });
    return client;
  }

  send(message: ClientMessage | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message of `type` after those already taken (waits up to `timeoutMs`). */
  async next<T extends ServerMessage['type']>(type: T, timeoutMs = 5_000): Promise<Of<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.seen; i < this.received.length; i++)
        if (this.received[i]!.type === type) {
          this.seen = i + 1;
          return this.received[i] as Of<T>;
        }
      if (this.closed) throw new Error(`closed (${this.closed.code} ${this.closed.reason}) before ${type}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the server closes the socket. */
  async closedBy(timeoutMs = 5_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('the socket stayed open');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.closed;
  }

  close(): void {
    this.socket.close();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
