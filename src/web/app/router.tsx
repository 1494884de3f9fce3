import { type ReactNode, Suspense, useEffect } from "react";
import { Redirect, Route, Switch, useSearch } from "wouter";
import { FullPageSpinner } from "../components/ui/spinner";
import { paths, policyNumberOf, routePatterns } from "../config/paths";
import { addressedStepScreen } from "../features/quote-wizard/step-screens";
import { useMe } from "../lib/api/get-me";
import { lazyScreen } from "../lib/lazy-screen";
import { RequireRole, RequireSignedOut } from "./guards";
import { addressedAdminSection } from "./routes/admin-sections";

// One chunk per route (React.lazy), so the sign-in screen loads neither the dashboard nor the admin area.
const LoginRoute = lazyScreen(() => import("./routes/login-route"));
const DashboardRoute = lazyScreen(() => import("./routes/dashboard-route"));
const AdminRoute = lazyScreen(() => import("./routes/admin-route"));
const NotFoundRoute = lazyScreen(() => import("./routes/not-found-route"));
const QuoteWizardRoute = lazyScreen(() => import("../features/quote-wizard/quote-wizard-route"));
const UnderwriterReviewRoute = lazyScreen(() => import("../features/underwriting/underwriter-review-route"));
const UnderwriterQueueRoute = lazyScreen(() => import("../features/underwriting/underwriter-queue-route"));
const BordereauRoute = lazyScreen(() => import("../features/bordereau/bordereau-route"));
const MiRoute = lazyScreen(() => import("../features/mi/mi-route"));
const PolicyRoute = lazyScreen(() => import("../features/policies/policy-route"));
const AccountRoute = lazyScreen(() => import("../features/account/account-route"));
const ResetPasswordRoute = lazyScreen(() => import("../features/account/reset-password-route"));

/**
 * Fetches the code of the screen an address shows while the session lookup is still under way: the guards
 * render the screen only once they know who is signed in, and without this its code would be asked for
 * only then, one round trip later.
 */
function Preload({ screen }: { screen: { preload: () => Promise<unknown> } | null }) {
  useEffect(() => {
    void screen?.preload();
  }, [screen]);
  return null;
}

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
          <Preload screen={LoginRoute} />
          <RequireSignedOut>
            <LoginRoute />
          </RequireSignedOut>
        </Route>
        <Route path={paths.account}>
          <Preload screen={AccountRoute} />
          <RequireRole roles={EVERY_ROLE}>
            <AccountRoute />
          </RequireRole>
        </Route>
        {/* A reset link works whoever is signed in on this browser: the link is the credential. */}
        <Route path={paths.resetPassword}>
          <ResetPasswordRoute />
        </Route>
        <Route path={paths.dashboard}>
          <Preload screen={DashboardRoute} />
          <RequireRole roles={EVERY_ROLE}>
            <DashboardRoute />
          </RequireRole>
        </Route>
        <Route path={paths.quotes}>
          <Preload screen={DashboardRoute} />
          <RequireRole roles={EVERY_ROLE}>
            <DashboardRoute />
          </RequireRole>
        </Route>
        <Route path={routePatterns.quoteStep}>
          {(params) => (
            <>
              <Preload screen={QuoteWizardRoute} />
              <Preload screen={addressedStepScreen(params.step)} />
              <RequireRole roles={QUOTE_ROLES}>
                <QuoteWizardRoute id={params.id} step={params.step} />
              </RequireRole>
            </>
          )}
        </Route>
        <Route path={routePatterns.quote}>
          {(params) => (
            <>
              <Preload screen={QuoteWizardRoute} />
              <RequireRole roles={QUOTE_ROLES}>
                <QuoteWizardRoute id={params.id} />
              </RequireRole>
            </>
          )}
        </Route>
        <Route path={routePatterns.underwriterReview}>
          {(params) => (
            <>
              <Preload screen={UnderwriterReviewRoute} />
              <ReviewRoute quoteId={params.quoteId} />
            </>
          )}
        </Route>
        <Route path={routePatterns.policy}>
          {(params) => (
            <>
              <Preload screen={PolicyRoute} />
              <RequireRole roles={EVERY_ROLE}>
                <PolicyRoute policyNumber={policyNumberOf(params.policyNumber)} />
              </RequireRole>
            </>
          )}
        </Route>
        <Route path={paths.underwriterDashboard}>
          <RequireRole roles={QUOTE_ROLES}>
            <UnderwriterDashboard />
          </RequireRole>
        </Route>
        <Route path={paths.bordereau}>
          <Preload screen={BordereauRoute} />
          <RequireRole roles={BORDEREAU_ROLES}>
            <BordereauRoute />
          </RequireRole>
        </Route>
        <Route path={paths.managementInformation}>
          <Preload screen={MiRoute} />
          <RequireRole roles={EVERY_ROLE}>
            <MiRoute />
          </RequireRole>
        </Route>
        <Route path={routePatterns.adminSection}>
          {(params) => (
            <>
              <Preload screen={AdminRoute} />
              <Preload screen={addressedAdminSection(params.section)} />
              <RequireRole roles={ADMIN_ONLY}>
                <AdminRoute section={params.section} />
              </RequireRole>
            </>
          )}
        </Route>
        <Route>
          <NotFoundRoute />
        </Route>
      </Switch>
    </Lazy>
  );
}
