import { Elysia } from 'elysia';

/**
 * Security headers on every response (pages, API, assets, errors). Scripts only
 * from this origin — no inline scripts; island props are JSON data blocks, which
 * a CSP does not execute. Inline style *attributes* are allowed for React's
 * server-rendered `style` props (the progress bar), inline <style> is not.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeaders: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
};

export const securityHeadersPlugin = new Elysia({ name: 'security-headers' }).onRequest(({ set }) => {
  Object.assign(set.headers, securityHeaders);
});
