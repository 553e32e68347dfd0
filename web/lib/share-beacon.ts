/**
 * Tells the server a share button was pressed (POST /api/share, docs/decisions/040): a beacon,
 * so it neither delays the share nor is lost when the share leaves the page. Only the button's
 * name is sent; a beacon that cannot be sent is dropped (a counter is not worth an error).
 */
import type { ShareTarget } from '../../src/shared/contracts/admin-sources';

export function sendShareBeacon(target: ShareTarget): void {
  try {
    const body = JSON.stringify({ target });
    const blob = new Blob([body], { type: 'application/json' });
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon('/api/share', blob)) return;
    void fetch('/api/share', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => {});
  } catch {
    // No beacon: the share goes on.
  }
}
