/** Every route of SPEC.md §2 in one place: components link through these, never through string literals. */
export const paths = {
  root: "/",
  login: "/login",
  dashboard: "/dashboard",
  quotes: "/quotes",
  quoteNew: "/quote/new",
  quote: (id: string) => `/quote/${encodeURIComponent(id)}`,
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
