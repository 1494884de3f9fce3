import { lazy, type ReactNode, Suspense } from "react";
import { Redirect, Route, Switch, useSearch } from "wouter";
import { FullPageSpinner } from "../components/ui/spinner";
import { paths, routePatterns } from "../config/paths";
import { useMe } from "../lib/api/get-me";
import { RequireRole, RequireSignedOut } from "./guards";

// One chunk per route (React.lazy), so the sign-in screen loads neither the dashboard nor the admin area.
const LoginRoute = lazy(() => import("./routes/login-route"));
const DashboardRoute = lazy(() => import("./routes/dashboard-route"));
const AdminRoute = lazy(() => import("./routes/admin-route"));
const NotFoundRoute = lazy(() => import("./routes/not-found-route"));
const QuoteWizardRoute = lazy(() => import("../features/quote-wizard/quote-wizard-route"));
const UnderwriterReviewRoute = lazy(() => import("../features/underwriting/underwriter-review-route"));
const UnderwriterQueueRoute = lazy(() => import("../features/underwriting/underwriter-queue-route"));
const BordereauRoute = lazy(() => import("../features/bordereau/bordereau-route"));

const QUOTE_ROLES = ["BROKER", "UNDERWRITER"] as const;
const EVERY_ROLE = ["BROKER", "UNDERWRITER", "ADMIN"] as const;
const ADMIN_ONLY = ["ADMIN"] as const;
const BORDEREAU_ROLES = ["UNDERWRITER", "ADMIN"] as const;

/**
 * The review page: for signed-in quote users, and read-only for a signed-out holder of the e-mailed link
 * (its `token`), whom the server lets read that one review. Without a token, signed out goes to /login.
 */
function ReviewRoute({ quoteId }: { quoteId: string }) {
  const token = new URLSearchParams(useSearch()).get("token") || undefined;
  const review = <UnderwriterReviewRoute quoteId={quoteId} token={token} />;
  return (
    <RequireRole roles={QUOTE_ROLES} signedOut={token ? review : undefined}>
      {review}
    </RequireRole>
  );
}

/** /uw/dashboard: the review queue for underwriters; a broker (docs/product/screens.md lets them in) sees their list. */
function UnderwriterDashboard() {
  const me = useMe();
  return me.data?.role === "UNDERWRITER" ? <UnderwriterQueueRoute /> : <DashboardRoute />;
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

/**
 * docs/product/screens.md's route table. The quote wizard keeps its step in the address (/quote/{id}/step/{n}, with
 * /quote/{id} opening the step the quote's state picks), and the underwriter review at /uw/review/{id} also
 * opens read-only for a signed-out holder of an e-mailed review link.
 */
export function AppRouter() {
  return (
    <Lazy>
      <Switch>
        <Route path={paths.root}>
          <Redirect to={paths.dashboard} replace />
        </Route>
        <Route path={paths.login}>
          <RequireSignedOut>
            <LoginRoute />
          </RequireSignedOut>
        </Route>
        <Route path={paths.dashboard}>
          <RequireRole roles={EVERY_ROLE}>
            <DashboardRoute />
          </RequireRole>
        </Route>
        <Route path={paths.quotes}>
          <RequireRole roles={EVERY_ROLE}>
            <DashboardRoute />
          </RequireRole>
        </Route>
        <Route path={routePatterns.quoteStep}>
          {(params) => (
            <RequireRole roles={QUOTE_ROLES}>
              <QuoteWizardRoute id={params.id} step={params.step} />
            </RequireRole>
          )}
        </Route>
        <Route path={routePatterns.quote}>
          {(params) => (
            <RequireRole roles={QUOTE_ROLES}>
              <QuoteWizardRoute id={params.id} />
            </RequireRole>
          )}
        </Route>
        <Route path={routePatterns.underwriterReview}>{(params) => <ReviewRoute quoteId={params.quoteId} />}</Route>
        <Route path={paths.underwriterDashboard}>
          <RequireRole roles={QUOTE_ROLES}>
            <UnderwriterDashboard />
          </RequireRole>
        </Route>
        <Route path={paths.bordereau}>
          <RequireRole roles={BORDEREAU_ROLES}>
            <BordereauRoute />
          </RequireRole>
        </Route>
        <Route path={routePatterns.adminSection}>
          {(params) => (
            <RequireRole roles={ADMIN_ONLY}>
              <AdminRoute section={params.section} />
            </RequireRole>
          )}
        </Route>
        <Route>
          <NotFoundRoute />
        </Route>
      </Switch>
    </Lazy>
  );
}
