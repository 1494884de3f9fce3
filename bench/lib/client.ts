/**
 * The benchmarks' client of a running server, as the web app talks to it: sign in as a demo user (README.md),
 * then send JSON with the session cookie. Any answer but 2xx stops the benchmark.
 */

export const BROKER = { email: "broker@example.com", password: "Broker-Demo-2026" };
export const UNDERWRITER = { email: "underwriter@example.com", password: "Underwriter-Demo-2026" };
export const ADMIN = { email: "admin@example.com", password: "Admin-Demo-2026" };

/** Signs in and returns the session cookie. */
export async function signInCookie(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("pqe_session="));
  if (!session) throw new Error("No session cookie was set");
  return session.split(";")[0] ?? "";
}

/** One request as the signed-in user, with a JSON body when one is given; returns the parsed answer. */
export async function send<T = unknown>(
  url: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      cookie,
      // As a browser sends it: the page's origin on a change, nothing on a read.
      ...(method === "GET" ? {} : { origin: url }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}
