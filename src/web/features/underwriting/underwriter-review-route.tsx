import { useSearch } from "wouter";
import { AppLayout } from "../../components/layout/app-layout";
import { pageTitle, usePageTitle } from "../../hooks/use-page-title";
import { UnderwriterReviewScreen } from "./components/underwriter-review-screen";

/** /uw/review/{quoteId}, with `?token=` when opened from the referral e-mail (SPEC.md §2, §7). */
export default function UnderwriterReviewRoute({ quoteId }: { quoteId: string }) {
  usePageTitle(pageTitle("Underwriter Review"));
  const token = new URLSearchParams(useSearch()).get("token") ?? undefined;
  return (
    <AppLayout>
      <UnderwriterReviewScreen quoteId={quoteId} token={token} />
    </AppLayout>
  );
}
