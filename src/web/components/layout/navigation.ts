import type { Role } from "@domain/auth/schemas";
import {
  ChartColumn,
  ClipboardCheck,
  FilePlus2,
  FileSpreadsheet,
  LayoutDashboard,
  type LucideIcon,
  ScrollText,
  SlidersHorizontal,
  Users,
} from "lucide-react";
import { paths } from "../../config/paths";

export interface NavLink {
  href: string;
  label: string;
  icon: LucideIcon;
  /** docs/product/screens.md's active rule for this link. */
  isActive: (location: string) => boolean;
}

const exactly = (href: string) => (location: string) => location === href;
/** Prefix by path segment: "/quote" covers /quote/new and /quote/{id}, not the /quotes list. */
const under = (prefix: string) => (location: string) => location === prefix || location.startsWith(`${prefix}/`);

const DASHBOARD: NavLink = {
  href: paths.dashboard,
  label: "Dashboard",
  icon: LayoutDashboard,
  isActive: exactly(paths.dashboard),
};
const NEW_QUOTE: NavLink = {
  href: paths.quoteNew,
  label: "New Quote",
  icon: FilePlus2,
  isActive: under(paths.quoteArea),
};
const USER_MANAGEMENT: NavLink = {
  href: paths.admin.users,
  label: "User Management",
  icon: Users,
  isActive: exactly(paths.admin.users),
};
/** Underwriters work from the review queue, which also covers the reviews it opens. */
const REVIEW_QUEUE: NavLink = {
  href: paths.underwriterDashboard,
  label: "Review Queue",
  icon: ClipboardCheck,
  isActive: (location) => location === paths.underwriterDashboard || under(paths.underwriterReviewArea)(location),
};

/** The monthly premium bordereau: underwriters and admins report what was bound. */
const BORDEREAU: NavLink = {
  href: paths.bordereau,
  label: "Bordereau",
  icon: FileSpreadsheet,
  isActive: exactly(paths.bordereau),
};

/** Management information: every role, each seeing the figures it may (docs/product/permissions.md). */
const MANAGEMENT_INFORMATION: NavLink = {
  href: paths.managementInformation,
  label: "Management Information",
  icon: ChartColumn,
  isActive: exactly(paths.managementInformation),
};

const QUOTE_USER_LINKS: NavLink[] = [DASHBOARD, NEW_QUOTE, MANAGEMENT_INFORMATION, USER_MANAGEMENT];
const UNDERWRITER_LINKS: NavLink[] = [
  DASHBOARD,
  REVIEW_QUEUE,
  NEW_QUOTE,
  MANAGEMENT_INFORMATION,
  BORDEREAU,
  USER_MANAGEMENT,
];

const ADMIN_LINKS: NavLink[] = [
  { href: paths.admin.dashboard, label: "Dashboard", icon: LayoutDashboard, isActive: exactly(paths.admin.dashboard) },
  { href: paths.admin.rating, label: "Rating Versions", icon: SlidersHorizontal, isActive: under(paths.admin.rating) },
  { href: paths.admin.users, label: "User Management", icon: Users, isActive: exactly(paths.admin.users) },
  { href: paths.admin.audit, label: "Audit Logs", icon: ScrollText, isActive: exactly(paths.admin.audit) },
  MANAGEMENT_INFORMATION,
  BORDEREAU,
];

export function navigationFor(role: Role): NavLink[] {
  if (role === "ADMIN") return ADMIN_LINKS;
  return role === "UNDERWRITER" ? UNDERWRITER_LINKS : QUOTE_USER_LINKS;
}
