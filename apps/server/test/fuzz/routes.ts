/** The app's route table, read from Fastify's printRoutes (which lists every route, hidden ones included). */

export interface RouteEntry {
  /** Fastify form: /api/posts/:id */
  path: string;
  methods: string[];
}

/**
 * Parses `app.printRoutes({ commonPrefix: false })`: a tree whose lines are `<indent>├── <segment> (METHODS)`,
 * each segment continuing its parent's path.
 */
export function parseRouteTree(tree: string): RouteEntry[] {
  const stack: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of tree.split("\n")) {
    const m = line.match(/^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/);
    if (!m) continue;
    const depth = (m[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(m[2] ?? "");
    if (m[3]) routes.push({ path: stack.join(""), methods: m[3].split(",").map((s) => s.trim()) });
  }
  return routes;
}

/** The path parameters of a route, each with the path up to and including it: ["/api/posts/:id", "id"]. */
export function paramsOf(path: string): { key: string; name: string }[] {
  const out: { key: string; name: string }[] = [];
  for (const m of path.matchAll(/:([A-Za-z0-9_|:]+)/g)) {
    const end = (m.index ?? 0) + m[0].length;
    out.push({ key: path.slice(0, end), name: (m[1] ?? "").split("|")[0] ?? "" });
  }
  return out;
}
