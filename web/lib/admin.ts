import type { ToastMessage } from '../components/Toast/Toast';
import { ADMIN_CREDENTIALS_KEY } from './storage';

/** 'username:password' as Basic credentials (UTF-8, so č ć đ š ž work in passwords). */
export function encodeCredentials(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export const readCredentials = (): string | null => sessionStorage.getItem(ADMIN_CREDENTIALS_KEY);
export const storeCredentials = (credentials: string) =>
  sessionStorage.setItem(ADMIN_CREDENTIALS_KEY, credentials);
const clearCredentials = () => sessionStorage.removeItem(ADMIN_CREDENTIALS_KEY);

/**
 * A message for the next page: the sign-in success toast shown on the dashboard, or why the
 * administrator was sent back to /admin.
 */
const FLASH_KEY = 'kviz.flash';

export type FlashMessage = ToastMessage;

export function leaveFlash(message: FlashMessage): void {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify(message));
}

/** The message left by the previous page, once. */
export function takeFlash(): FlashMessage | null {
  const raw = sessionStorage.getItem(FLASH_KEY);
  if (raw === null) return null;
  sessionStorage.removeItem(FLASH_KEY);
  try {
    const message = JSON.parse(raw) as FlashMessage;
    return typeof message?.title === 'string' ? message : null;
  } catch {
    return null;
  }
}

/** Left for /admin when an admin read answers 401 (the password changed, or the session is stale). */
export const SESSION_EXPIRED: FlashMessage = {
  title: 'Sesija je istekla, prijavite se ponovno.',
  variant: 'destructive',
};

/** Sign-out: the credentials are forgotten; `reason`, when given, is shown on /admin. */
export function endSession(reason?: FlashMessage): void {
  clearCredentials();
  if (reason) leaveFlash(reason);
}
