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
export const clearCredentials = () => sessionStorage.removeItem(ADMIN_CREDENTIALS_KEY);

/** A toast to show on the next page (the sign-in success toast, shown on the dashboard). */
export const FLASH_KEY = 'kviz.flash';
