/**
 * The methods each path of the app answers, from its route table: what a 405's `Allow` and an
 * OPTIONS answer list. HEAD comes with GET (Elysia answers it), OPTIONS with every path.
 */
export type AllowedMethods = (path: string) => string[] | undefined;

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** `/api/score-percentile/:score` → a RegExp; `*` matches the rest; a trailing slash is optional, as in Elysia. */
function templatePattern(template: string): RegExp {
  const body = template
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : escapeRegExp(part)))
    .join('/');
  return new RegExp(`^${body.replace(/\/$/, '')}/?$`);
}

export function allowedMethodsOf(routes: readonly { method: string; path: string }[]): AllowedMethods {
  const templates = new Map<string, Set<string>>();
  for (const { method, path } of routes) {
    const methods = templates.get(path) ?? new Set<string>();
    methods.add(method.toUpperCase());
    templates.set(path, methods);
  }
  const table = [...templates].map(([path, methods]) => ({ pattern: templatePattern(path), methods }));
  return (path) => {
    const methods = new Set<string>();
    for (const entry of table) if (entry.pattern.test(path)) for (const m of entry.methods) methods.add(m);
    if (methods.size === 0) return undefined;
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
    return [...methods].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  };
}
