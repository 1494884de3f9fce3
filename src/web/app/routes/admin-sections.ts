import type { AdminSection } from "../../config/paths";
import { type LazyScreen, lazyScreen } from "../../lib/lazy-screen";

/**
 * Each admin section is its own chunk: the rating version editor (the rating engine and CEL) loads neither the
 * user form nor the audit log, and those load no rating engine. The router fetches the addressed section's
 * chunk alongside the admin screen's.
 */
export const ADMIN_SECTION_SCREENS: Readonly<Record<Exclude<AdminSection, "dashboard">, LazyScreen<object>>> = {
  rating: lazyScreen(() =>
    import("../../features/rating-versions/components/rating-versions-section").then((m) => ({
      default: m.RatingVersionsSection,
    })),
  ),
  users: lazyScreen(() => import("./admin-users-section")),
  firms: lazyScreen(() =>
    import("../../features/firms/components/firms-section").then((m) => ({ default: m.FirmsSection })),
  ),
  audit: lazyScreen(() =>
    import("../../features/audit-logs/components/audit-log-list").then((m) => ({ default: m.AuditLogList })),
  ),
  endorsements: lazyScreen(() =>
    import("../../features/endorsements/components/endorsements-section").then((m) => ({
      default: m.EndorsementsSection,
    })),
  ),
};

/** The section an /admin address names, as a screen to preload; null for the admin dashboard or an unknown one. */
export function addressedAdminSection(section: string | undefined): LazyScreen<object> | null {
  return section && section in ADMIN_SECTION_SCREENS
    ? ADMIN_SECTION_SCREENS[section as keyof typeof ADMIN_SECTION_SCREENS]
    : null;
}
