/** Rounds to `decimals` places (half away from zero for the positive numbers used here). */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
