import type { ReactNode } from "react";
import { AppLayout } from "../../components/layout/app-layout";
import { Logo } from "../../components/layout/logo";
import { pageTitle, usePageTitle } from "../../hooks/use-page-title";
import { useMe } from "../../lib/api/get-me";
import { UnderwriterReviewScreen } from "./components/underwriter-review-screen";

/** The page around a review read through the e-mailed link by someone not signed in: no navigation, no session. */
function LinkReaderShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex h-14 items-center border-b border-slate-200 bg-white px-4">
        <Logo />
      </header>
      <main id="main" className="mx-auto max-w-7xl p-4 md:p-6">
        {children}
      </main>
    </div>
  );
}

/** /uw/review/{quoteId}, with `?token=` when opened from the referral e-mail (docs/product/screens.md and docs/product/permissions.md). */
export default function UnderwriterReviewRoute({ quoteId, token }: { quoteId: string; token: string | undefined }) {
  usePageTitle(pageTitle("Underwriter Review"));
  const me = useMe();
  const screen = <UnderwriterReviewScreen quoteId={quoteId} token={token} />;
  return me.data ? <AppLayout>{screen}</AppLayout> : <LinkReaderShell>{screen}</LinkReaderShell>;
}
