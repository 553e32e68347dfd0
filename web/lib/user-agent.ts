/**
 * Phones and tablets: share targets open their touch layouts and native apps. Its own module
 * because every page loads it (web/scripts/page.ts), so it must carry nothing else.
 */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent);
}
