import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { loginPathFor } from "../../domain/auth/next-path";
import type { Role } from "../../domain/auth/schemas";
import { FullPageSpinner } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { useAfterSignInPath } from "../features/auth/hooks/use-after-sign-in-path";
import { useMe } from "../lib/api/get-me";

/**
 * docs/product/screens.md's guards: a spinner while the session loads, /login when nobody is signed in, /dashboard
 * when the signed-in role is not allowed. The server enforces the same rules; this only keeps people on
 * screens they can use. A signed-out visitor is sent to /login?next=<the page asked for>, so signing in
 * (or signing in again after the session expired) returns to that page.
 */
export function RequireRole({
  roles,
  children,
  signedOut,
}: {
  roles: readonly Role[];
  children: ReactNode;
  /** What a signed-out visitor sees instead of /login (an e-mailed review link's read-only review). */
  signedOut?: ReactNode | undefined;
}) {
  const me = useMe();
  const [location] = useLocation();
  const search = useSearch();
  if (me.isPending) return <FullPageSpinner label="Loading your session" />;
  if (!me.data) return signedOut ?? <Redirect to={loginPathFor(search ? `${location}?${search}` : location)} replace />;
  if (!roles.includes(me.data.role)) return <Redirect to={paths.dashboard} replace />;
  return children;
}

/** The sign-in screen is for signed-out users only; a signed-in user goes on to where sign-in leads. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const me = useMe();
  const target = useAfterSignInPath();
  if (me.isPending) return <FullPageSpinner label="Loading your session" />;
  if (me.data) return <Redirect to={target} replace />;
  return children;
}
