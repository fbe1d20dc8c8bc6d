// The routes a built server registered, read from Fastify's own route tree.

export interface Route {
  method: string;
  path: string;
}

/** The routes of `printRoutes({ commonPrefix: false })`, one per method. */
export function routesOf(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    const parent = stack[depth - 1] ?? '';
    const part = match[2] ?? '';
    // `/api/files` then `*` is the route `/api/files/*`.
    const path = part === '*' && !parent.endsWith('/') ? `${parent}/*` : `${parent}${part}`;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push({ method, path });
    }
  }
  return routes;
}
