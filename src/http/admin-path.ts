/**
 * The administrator's paths, unversioned and v1: never cross-origin, never stored by a cache
 * (docs/decisions/034). One test for CORS and the error answers.
 */
export const isAdminPath = (path: string) =>
  path === '/api/admin' ||
  path.startsWith('/api/admin/') ||
  path === '/api/v1/admin' ||
  path.startsWith('/api/v1/admin/');
