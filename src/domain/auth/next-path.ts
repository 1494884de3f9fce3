/**
 * Where sign-in returns to (`/login?next=...`): only a path of this site. A value that starts with "//"
 * or "/\" (another host to a browser), carries a scheme, or is not a path at all is ignored, so a crafted
 * sign-in link can never send a broker to someone else's page after they type their password.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith("/")) return null;
  if (next.startsWith("//") || next.startsWith("/\\")) return null;
  // Control characters and backslashes are stripped or rewritten by browsers into something else.
  for (const char of next) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return null;
  }
  // The sign-in screen itself is never a destination: it would only show the form again.
  if (next === "/login" || next.startsWith("/login?") || next.startsWith("/login/")) return null;
  return next;
}

/** The sign-in address that returns to `path` (a path with its query) afterwards. */
export function loginPathFor(path: string): string {
  const next = safeNextPath(path);
  return next ? `/login?next=${encodeURIComponent(next)}` : "/login";
}
