import { safeNextPath } from "@domain/auth/next-path";
import { paths } from "@web/config/paths";
import { useSearch } from "wouter";

/** Where signing in leads: the page named by `?next=` when it is a page of this site, else the dashboard. */
export function useAfterSignInPath(): string {
  const next = new URLSearchParams(useSearch()).get("next");
  return safeNextPath(next) ?? paths.dashboard;
}
