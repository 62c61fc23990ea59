// A known path asked with a method it does not serve answers 405 with an `Allow` header
// (RFC 9110 15.5.6), not 404: the resource is there, the method is wrong. The table is read
// from the routers themselves, so it cannot drift from the routes.
import type { RequestHandler, Router } from 'express';
import { AppError } from '@oms/domain';

type RouteLayer = { route?: { path: unknown; methods: Record<string, boolean> } };
type Entry = { pattern: RegExp; methods: Set<string> };

/** `/ontologies/:id/diagram.svg` as a RegExp, matched like express's defaults (any case, optional trailing slash). */
function patternOf(path: string): RegExp {
  const source = path
    .split(/(:[A-Za-z_][A-Za-z0-9_]*)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`, 'i');
}

export function methodNotAllowed(routers: readonly Router[]): RequestHandler {
  const entries = new Map<string, Entry>();
  for (const router of routers) {
    for (const layer of router.stack as RouteLayer[]) {
      const route = layer.route;
      if (!route || typeof route.path !== 'string') continue;
      const entry = entries.get(route.path) ?? { pattern: patternOf(route.path), methods: new Set<string>() };
      for (const [method, on] of Object.entries(route.methods)) if (on && method !== '_all') entry.methods.add(method.toUpperCase());
      if (entry.methods.has('GET')) entry.methods.add('HEAD');
      entries.set(route.path, entry);
    }
  }
  return (req, res, next) => {
    if (req.method === 'OPTIONS') return next();
    const allowed = new Set<string>();
    for (const entry of entries.values()) {
      if (entry.pattern.test(req.path)) for (const method of entry.methods) allowed.add(method);
    }
    if (allowed.size === 0 || allowed.has(req.method)) return next();
    res.setHeader('Allow', [...allowed, 'OPTIONS'].join(', '));
    next(new AppError('method_not_allowed'));
  };
}
