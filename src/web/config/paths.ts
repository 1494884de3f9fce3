/** Every route of docs/product/screens.md in one place: components link through these, never through string literals. */
const QUOTE = "/quote";
const UNDERWRITER_REVIEW = "/uw/review";
const ADMIN = "/admin";
const POLICIES = "/policies";

export const paths = {
  root: "/",
  login: "/login",
  /** Your own account: changing your password (every role). */
  account: "/account",
  /** Where a password reset link opens (its token after `#`). */
  resetPassword: "/reset-password",
  dashboard: "/dashboard",
  quotes: "/quotes",
  /** Every wizard address starts here (the New Quote link is active anywhere under it). */
  quoteArea: QUOTE,
  quoteNew: `${QUOTE}/new`,
  /** Opens the step the wizard's rules pick (docs/product/life-cycle.md); the address then names that step. */
  quote: (id: string) => `${QUOTE}/${encodeURIComponent(id)}`,
  /** One wizard step of a quote (n = 1..7): reload, Back and Forward come back to it. */
  quoteStep: (id: string, step: number) => `${QUOTE}/${encodeURIComponent(id)}/step/${step}`,
  /** Every review address starts here (the Review Queue link is active anywhere under it). */
  underwriterReviewArea: UNDERWRITER_REVIEW,
  underwriterReview: (quoteId: string) => `${UNDERWRITER_REVIEW}/${encodeURIComponent(quoteId)}`,
  underwriterDashboard: "/uw/dashboard",
  /** An issued policy; its number's slashes are encoded (/policies/DCPI%2FPOL%2F000042). */
  policy: (policyNumber: string) => `${POLICIES}/${encodeURIComponent(policyNumber)}`,
  /** The monthly premium bordereau, for underwriters and admins. */
  bordereau: "/bordereau",
  /** Management information: the book's figures, for underwriters, admins and brokers (their own quotes). */
  managementInformation: "/mi",
  admin: {
    root: ADMIN,
    dashboard: `${ADMIN}/dashboard`,
    rating: `${ADMIN}/rating`,
    users: `${ADMIN}/users`,
    audit: `${ADMIN}/audit`,
    endorsements: `${ADMIN}/endorsements`,
    firms: `${ADMIN}/firms`,
  },
} as const;

/** The router's patterns for the addresses above that carry a value: each matches what its builder makes. */
export const routePatterns = {
  quoteStep: `${QUOTE}/:id/step/:step`,
  quote: `${QUOTE}/:id`,
  underwriterReview: `${UNDERWRITER_REVIEW}/:quoteId`,
  policy: `${POLICIES}/:policyNumber`,
  adminSection: `${ADMIN}/:section?`,
} as const;

/**
 * The policy number a /policies address names. The router leaves an encoded slash (%2F) encoded, so the segment
 * is decoded here; a malformed one is taken as written (and is then simply not found).
 */
export function policyNumberOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export type AdminSection = "dashboard" | "rating" | "users" | "firms" | "audit" | "endorsements";

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  "dashboard",
  "rating",
  "users",
  "firms",
  "audit",
  "endorsements",
];
