import { AppLayout } from "../../components/layout/app-layout";
import { pageTitle, usePageTitle } from "../../hooks/use-page-title";
import { UnderwriterQueue } from "./components/underwriter-queue";

/** /uw/dashboard for an underwriter: the review queue. */
export default function UnderwriterQueueRoute() {
  usePageTitle(pageTitle("Review Queue"));
  return (
    <AppLayout>
      <UnderwriterQueue />
    </AppLayout>
  );
}
