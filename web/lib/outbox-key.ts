/** The outbox's storage key alone, for the page script's check without the outbox's code (web/lib/outbox.ts). */
export const OUTBOX_KEY = 'kviz.outbox';
