/** Every route of SPEC.md §2 in one place: components link through these, never through string literals. */
export const paths = {
  root: "/",
  login: "/login",
  dashboard: "/dashboard",
  quotes: "/quotes",
  quoteNew: "/quote/new",
  /** Opens the step the wizard's rules pick (SPEC.md §4); the address then names that step. */
  quote: (id: string) => `/quote/${encodeURIComponent(id)}`,
  /** One wizard step of a quote (n = 1..7): reload, Back and Forward come back to it. */
  quoteStep: (id: string, step: number) => `/quote/${encodeURIComponent(id)}/step/${step}`,
  underwriterReview: (quoteId: string) => `/uw/review/${encodeURIComponent(quoteId)}`,
  underwriterDashboard: "/uw/dashboard",
  admin: {
    root: "/admin",
    dashboard: "/admin/dashboard",
    rating: "/admin/rating",
    users: "/admin/users",
    audit: "/admin/audit",
  },
} as const;

export type AdminSection = "dashboard" | "rating" | "users" | "audit";

export const ADMIN_SECTIONS: readonly AdminSection[] = ["dashboard", "rating", "users", "audit"];
