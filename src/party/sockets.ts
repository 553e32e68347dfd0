import { PARTY_CLOSE } from '../shared/contracts/party';
import type { TimerClock, TimerHandle } from './clock';

/** A socket must be in a room this long after it opened (a hello takes one round trip). */
export const HELLO_TIMEOUT_MS = 10_000;
/** How often sockets still without a room are looked at: one waits HELLO_TIMEOUT_MS to this much more. */
const HELLO_SWEEP_MS = 2_000;

/** What the registry needs of a live-game socket (src/party/routes.ts's connection). */
export interface TrackedSocket {
  /** The client's limiter key (an IPv6 address as its /64). */
  readonly key: string;
  readonly openedAtMs: number;
  /** Whether a hello got it into a room (it stays so until it closes). */
  inRoom(): boolean;
  disconnect(code: number, reason: string): void;
}

/**
 * Every open live-game socket of this process: how many each client holds (a cap per limiter
 * key), the ones that have not got into a room yet (closed after HELLO_TIMEOUT_MS, so a client
 * cannot hold sockets that cost memory and say nothing), and all of them for a server that stops
 * (docs/decisions/031-live-game.md).
 */
export class PartySockets {
  private readonly open = new Set<TrackedSocket>();
  /** Sockets not yet seen in a room; a sweep closes those past the hello timeout. */
  private readonly waiting = new Set<TrackedSocket>();
  private readonly perKey = new Map<string, number>();
  private sweepTimer: TimerHandle | undefined;
  private stopping = false;

  constructor(private readonly deps: { clock: TimerClock; maxPerKey: number }) {}

  get size(): number {
    return this.open.size;
  }

  /** Whether the client may open one more socket (asked before the upgrade). */
  canOpen(key: string): boolean {
    return (this.perKey.get(key) ?? 0) < this.deps.maxPerKey;
  }

  add(socket: TrackedSocket): void {
    // Upgraded while the server stops: it would keep the stop waiting.
    if (this.stopping) {
      socket.disconnect(PARTY_CLOSE.stopping, 'server stopping');
      return;
    }
    this.open.add(socket);
    this.waiting.add(socket);
    this.perKey.set(socket.key, (this.perKey.get(socket.key) ?? 0) + 1);
    this.sweepTimer ??= this.deps.clock.setTimer(HELLO_SWEEP_MS, () => this.sweep());
  }

  remove(socket: TrackedSocket): void {
    if (!this.open.delete(socket)) return;
    this.waiting.delete(socket);
    const left = (this.perKey.get(socket.key) ?? 1) - 1;
    if (left > 0) this.perKey.set(socket.key, left);
    else this.perKey.delete(socket.key);
  }

  /**
   * Closes every socket, in a room or not (the server stops): Bun's stop waits for open sockets,
   * and a phone would hold it for as long as it stays on the page.
   */
  closeAll(): void {
    this.stopping = true;
    this.deps.clock.clearTimer(this.sweepTimer);
    this.sweepTimer = undefined;
    // A close runs the socket's close handler at once, which removes it: close a copy.
    for (const socket of [...this.open]) socket.disconnect(PARTY_CLOSE.stopping, 'server stopping');
  }

  private sweep(): void {
    this.sweepTimer = undefined;
    const now = this.deps.clock.nowMs();
    for (const socket of [...this.waiting]) {
      if (socket.inRoom()) this.waiting.delete(socket);
      else if (now - socket.openedAtMs >= HELLO_TIMEOUT_MS) {
        this.waiting.delete(socket);
        socket.disconnect(PARTY_CLOSE.noHello, 'not in a room within 10 s');
      }
    }
    if (this.waiting.size > 0) this.sweepTimer = this.deps.clock.setTimer(HELLO_SWEEP_MS, () => this.sweep());
  }
}
