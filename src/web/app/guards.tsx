import type { ReactNode } from "react";
import { Redirect } from "wouter";
import type { Role } from "../../domain/auth/schemas";
import { FullPageSpinner } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { useMe } from "../features/auth/api/get-me";

/**
 * SPEC.md §2's guards: a spinner while the session loads, /login when nobody is signed in, /dashboard
 * when the signed-in role is not allowed. The server enforces the same rules; this only keeps people on
 * screens they can use.
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
  if (me.isPending) return <FullPageSpinner label="Loading your session" />;
  if (!me.data) return signedOut ?? <Redirect to={paths.login} replace />;
  if (!roles.includes(me.data.role)) return <Redirect to={paths.dashboard} replace />;
  return children;
}

/** The sign-in screen is for signed-out users only; a signed-in user goes to the dashboard. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <FullPageSpinner label="Loading your session" />;
  if (me.data) return <Redirect to={paths.dashboard} replace />;
  return children;
}
