/** Numbers as Croatian readers write them: decimal comma, dot for thousands. */
const oneDecimal = new Intl.NumberFormat('hr-HR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('hr-HR', { maximumFractionDigits: 0 });

/** A percentage with one decimal and the % sign: 63,4% (docs/product.md#percentages-and-colours). */
export function formatPercent(value: number): string {
  return `${oneDecimal.format(value)}%`;
}

/**
 * A share of the plays, as `formatPercent`, but never rounded to none or to all: 0,03 % reads
 * 0,1% and 99,97 % reads 99,9%, so a player's position never claims a 'better than everyone' or
 * a 'no one has this score' (the player's own play counts among them) that it is not.
 */
export function formatShare(value: number): string {
  if (value > 0 && value < 0.1) return formatPercent(0.1);
  if (value > 99.9 && value < 100) return formatPercent(99.9);
  return formatPercent(value);
}

/** One decimal with a decimal comma: 17,4 */
export function formatDecimal(value: number): string {
  return oneDecimal.format(value);
}

export function formatCount(value: number): string {
  return whole.format(value);
}
