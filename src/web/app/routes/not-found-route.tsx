import { Link } from "wouter";
import { AppLayout } from "../../components/layout/app-layout";
import { Button } from "../../components/ui/button";
import { paths } from "../../config/paths";
import { pageTitle, usePageTitle } from "../../hooks/use-page-title";
import { useMe } from "../../lib/api/get-me";

function NotFoundContent() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center text-center">
      <h1 className="text-2xl font-semibold text-slate-900">404 Page Not Found</h1>
      <p className="mt-2 max-w-md text-sm text-slate-600">This page does not exist. Was it added to the router?</p>
      <Button asChild className="mt-6">
        <Link href={paths.root}>Go to the dashboard</Link>
      </Button>
    </div>
  );
}

/** docs/product/screens.md: any other path, signed in or not; the shared layout wraps it only for a signed-in user. */
export default function NotFoundRoute() {
  usePageTitle(pageTitle("Not Found", " "));
  const me = useMe();
  if (me.data) {
    return (
      <AppLayout>
        <NotFoundContent />
      </AppLayout>
    );
  }
  return (
    <main>
      <NotFoundContent />
    </main>
  );
}
