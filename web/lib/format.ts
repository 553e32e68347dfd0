/** Numbers as Croatian readers write them: decimal comma, dot for thousands. */
const oneDecimal = new Intl.NumberFormat('hr-HR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('hr-HR', { maximumFractionDigits: 0 });

/** A percentage with one decimal and the % sign: 63,4% (docs/product.md#percentages-and-colours). */
export function formatPercent(value: number): string {
  return `${oneDecimal.format(value)}%`;
}

/** One decimal with a decimal comma: 17,4 */
export function formatDecimal(value: number): string {
  return oneDecimal.format(value);
}

export function formatCount(value: number): string {
  return whole.format(value);
}
