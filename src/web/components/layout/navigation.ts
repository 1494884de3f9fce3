import { FilePlus2, LayoutDashboard, type LucideIcon, ScrollText, SlidersHorizontal, Users } from "lucide-react";
import type { Role } from "../../../domain/auth/schemas";
import { paths } from "../../config/paths";

export interface NavLink {
  href: string;
  label: string;
  icon: LucideIcon;
  /** SPEC.md §2's active rule for this link. */
  isActive: (location: string) => boolean;
}

const exactly = (href: string) => (location: string) => location === href;
/** Prefix by path segment: "/quote" covers /quote/new and /quote/{id}, not the /quotes list. */
const under = (prefix: string) => (location: string) => location === prefix || location.startsWith(`${prefix}/`);

const QUOTE_USER_LINKS: NavLink[] = [
  { href: paths.dashboard, label: "Dashboard", icon: LayoutDashboard, isActive: exactly(paths.dashboard) },
  { href: paths.quoteNew, label: "New Quote", icon: FilePlus2, isActive: under("/quote") },
  { href: paths.admin.users, label: "User Management", icon: Users, isActive: exactly(paths.admin.users) },
];

const ADMIN_LINKS: NavLink[] = [
  { href: paths.admin.dashboard, label: "Dashboard", icon: LayoutDashboard, isActive: exactly(paths.admin.dashboard) },
  { href: paths.admin.rating, label: "Rating Versions", icon: SlidersHorizontal, isActive: under(paths.admin.rating) },
  { href: paths.admin.users, label: "User Management", icon: Users, isActive: exactly(paths.admin.users) },
  { href: paths.admin.audit, label: "Audit Logs", icon: ScrollText, isActive: exactly(paths.admin.audit) },
];

export function navigationFor(role: Role): NavLink[] {
  return role === "ADMIN" ? ADMIN_LINKS : QUOTE_USER_LINKS;
}
