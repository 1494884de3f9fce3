import { NOTIFICATION_BADGE_COUNT } from "@domain/constants";
import { initials } from "@domain/format/initials";
import { useQueryClient } from "@tanstack/react-query";
import { Bell, LogOut, Menu, UserRound } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { paths } from "../../config/paths";
import { useMe } from "../../lib/api/get-me";
import { useLogout } from "../../lib/api/logout";
import { ApiError } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { leaveConfirmed } from "../../lib/leave-guard";
import { ReauthenticationDialog } from "../reauthentication-dialog";
import { Button, focusRing } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Logo } from "./logo";
import { type NavLink, navigationFor } from "./navigation";
import { ROLE_INITIALS_CLASS } from "./role-style";
// Every signed-in screen's styles come with this shell, not with the sign-in screen (ADR 0056).
import "../../styles/index.css";

/** The signed-in shell of docs/product/screens.md: top bar and side navigation. Renders nothing when signed out. */
export function AppLayout({ children }: { children: ReactNode }) {
  const me = useMe();
  const logout = useLogout();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEnrolmentFirst();
  const user = me.data;
  if (!user) return null;
  const links = navigationFor(user.role);

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main"
        className={cn(
          "sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2",
          focusRing,
        )}
      >
        Skip to content
      </a>
      <header className="fixed inset-x-0 top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4">
        <div className="flex min-w-0 items-center gap-2">
          <Button variant="outline" size="icon" className="md:hidden" onClick={() => setMenuOpen(true)}>
            <Menu aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">Menu</span>
          </Button>
          <Link
            href={user.role === "ADMIN" ? paths.admin.dashboard : paths.dashboard}
            className={cn("min-w-0 rounded", focusRing)}
          >
            <Logo />
          </Link>
        </div>
        <div className="flex shrink-0 items-center gap-2 sm:gap-3">
          <button
            type="button"
            className={cn("relative rounded-full p-2 text-slate-600 hover:bg-slate-100", focusRing)}
          >
            <Bell aria-hidden="true" className="h-5 w-5" />
            <span className="sr-only">Notifications</span>
            <span
              data-testid="notification-count"
              className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white"
            >
              {NOTIFICATION_BADGE_COUNT}
            </span>
          </button>
          <span
            aria-hidden="true"
            data-testid="user-initials"
            className={cn(
              "flex h-8 w-8 items-center justify-center rounded-full text-xs font-bold",
              ROLE_INITIALS_CLASS[user.role],
            )}
          >
            {initials(user.name)}
          </span>
          <Link
            href={paths.account}
            className={cn(
              "flex items-center gap-2 rounded-md px-1 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100",
              focusRing,
            )}
          >
            <span className="hidden sm:inline">{user.name}</span>
            <UserRound aria-hidden="true" className="h-4 w-4 sm:hidden" />
            <span className="sr-only">: account</span>
          </Link>
          <Button
            variant="outline"
            size="sm"
            onClick={() => leaveConfirmed(paths.login, () => logout.mutate())}
            disabled={logout.isPending}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only sm:not-sr-only">Logout</span>
          </Button>
        </div>
      </header>
      <nav
        aria-label="Main"
        className="group fixed top-14 bottom-0 left-0 z-20 hidden w-14 overflow-hidden border-r border-slate-200 bg-white transition-[width] duration-150 hover:w-56 hover:shadow-lg focus-within:w-56 focus-within:shadow-lg md:block"
      >
        <NavLinks
          links={links}
          location={location}
          labelClassName="opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100"
        />
      </nav>
      {/* Below md the side rail would take a seventh of the width, so the same links open from the Menu button. */}
      <Dialog open={menuOpen} onOpenChange={setMenuOpen} title="Menu" className="md:hidden">
        <nav aria-label="Main">
          <NavLinks links={links} location={location} onFollow={() => setMenuOpen(false)} />
        </nav>
      </Dialog>
      <main id="main" className="pt-14 md:pl-14">
        <div className="mx-auto max-w-7xl px-3 py-5 sm:px-6">{children}</div>
      </main>
      <ReauthenticationDialog />
    </div>
  );
}

/**
 * A user whose role must use a second factor not set up yet: the server opens nothing but enrolment, so any refusal
 * saying so takes them to Account (docs/product/permissions.md "Two-factor sign-in").
 */
function useEnrolmentFirst(): void {
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const error = event.query.state.error;
        if (error instanceof ApiError && error.code === "TWO_FACTOR_ENROLMENT_REQUIRED" && location !== paths.account) {
          navigate(paths.account, { replace: true });
        }
      }),
    [queryClient, location, navigate],
  );
}

/** The role's links with docs/product/screens.md's active rule, the same in the side rail and in the phone menu. */
function NavLinks({
  links,
  location,
  labelClassName,
  onFollow,
}: {
  links: readonly NavLink[];
  location: string;
  labelClassName?: string;
  onFollow?: () => void;
}) {
  return (
    <ul className="flex flex-col gap-1 p-2">
      {links.map((link) => {
        const active = link.isActive(location);
        const Icon = link.icon;
        return (
          <li key={link.href}>
            <Link
              href={link.href}
              onClick={onFollow}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex h-10 items-center gap-3 rounded-md px-2.5 text-sm font-medium whitespace-nowrap",
                active ? "bg-blue-50 text-blue-900" : "text-slate-700 hover:bg-slate-100",
                focusRing,
              )}
            >
              <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
              <span className={labelClassName}>{link.label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
