/** The time, injected so tests can move it (token lifetimes, hours of day, rate-limit windows). */
export interface Clock {
  nowMs(): number;
  nowSeconds(): number;
}

export const systemClock: Clock = {
  nowMs: () => Date.now(),
  nowSeconds: () => Math.floor(Date.now() / 1000),
};
