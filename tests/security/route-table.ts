/**
 * The routes an app serves, as "METHOD path" keys (HEAD folded into its GET), read from Fastify's own route
 * tree (`printRoutes`), so tests that must cover every route (the authorization matrix, the fuzzer) cannot
 * miss one that a feature adds later.
 */
import type { FastifyInstance } from "fastify";

/** Every "METHOD path" the app serves (HEAD folded into GET), from Fastify's own route tree. */
export function routeTable(app: FastifyInstance): string[] {
  const found = new Set<string>();
  const stack: { depth: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    while (stack.length > depth) stack.pop();
    const parent = stack.at(-1)?.path ?? "";
    let segment = match[2] ?? "";
    if (segment.startsWith("*") && !parent.endsWith("/")) segment = `/${segment}`;
    const path = parent + segment;
    stack.push({ depth, path });
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim())) {
      if (method && method !== "HEAD") found.add(`${method} ${path}`);
      if (method === "HEAD" && !found.has(`GET ${path}`)) found.add(`HEAD ${path}`);
    }
  }
  // A HEAD counted before its GET was seen is covered by the GET.
  for (const key of [...found]) if (key.startsWith("HEAD ") && found.has(`GET ${key.slice(5)}`)) found.delete(key);
  return [...found].sort();
}

/** The routes that change state (everything but GET): what the fuzzer attacks. */
export function writeRoutes(app: FastifyInstance): string[] {
  return routeTable(app).filter((route) => !route.startsWith("GET ") && !route.startsWith("HEAD "));
}
