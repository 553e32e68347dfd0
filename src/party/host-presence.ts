import type { TimerClock, TimerHandle } from './clock';

/** How long every host screen may be gone before the phones are told: a reload takes less. */
export const HOST_AWAY_MS = 5_000;

/**
 * Whether a room's host is there: counts the host's sockets and calls `onChange(true)` once all of
 * them have been gone for HOST_AWAY_MS, and `onChange(false)` when one comes back after that. A
 * room without its host stays open (it closes only when idle), so the phones must be told why
 * nothing happens.
 */
export class HostPresence {
  away = false;
  private screens = 0;
  private timer: TimerHandle | undefined;

  constructor(
    private readonly clock: TimerClock,
    private readonly onChange: (away: boolean) => void,
  ) {}

  connected(): void {
    this.screens++;
    this.clock.clearTimer(this.timer);
    this.timer = undefined;
    if (!this.away) return;
    this.away = false;
    this.onChange(false);
  }

  disconnected(): void {
    this.screens = Math.max(0, this.screens - 1);
    if (this.screens > 0 || this.timer || this.away) return;
    this.timer = this.clock.setTimer(HOST_AWAY_MS, () => {
      this.timer = undefined;
      this.away = true;
      this.onChange(true);
    });
  }

  dispose(): void {
    this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }
}
