import { type ReactNode, Suspense, useEffect } from "react";
import { Redirect } from "wouter";
import { AppLayout } from "../../components/layout/app-layout";
import { FullPageSpinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { pageTitle, usePageTitle } from "../../hooks/use-page-title";
import { useMe } from "../../lib/api/get-me";
import { errorMessageOf } from "../../lib/api-client";
import { useQuote } from "./api/get-quote";
import { initialStepFor, QuoteWizard } from "./components/quote-wizard";
import { parseWizardStep } from "./components/wizard-context";
import { STEP_SCREENS } from "./step-screens";

/** The id segment of /quote/new: no quote yet, step 1 creates one. */
export const NEW_QUOTE_ID = "new";

/**
 * /quote/new, /quote/{id} and /quote/{id}/step/{n} (docs/product/screens.md): a full-page spinner while the quote
 * loads, then the wizard on the step the address names. /quote/{id} (or a step number that is not 1..7)
 * opens the step the wizard's rules pick and rewrites the address to name it, so a reload stays there.
 */
export default function QuoteWizardRoute({ id, step }: { id: string; step?: string }) {
  const isNew = id === NEW_QUOTE_ID;
  const me = useMe();
  const quote = useQuote(isNew ? undefined : id);
  usePageTitle(pageTitle(quote.data ? `Quote ${quote.data.reference}` : "New Quote"));

  const addressed = parseWizardStep(step);
  // The addressed step's code is fetched alongside the quote, not after it.
  const opening = isNew ? 1 : addressed;
  useEffect(() => {
    if (opening !== null) void STEP_SCREENS[opening].preload();
  }, [opening]);

  if (!me.data) return null;
  let body: ReactNode;
  if (isNew) {
    if (step !== undefined) return <Redirect to={paths.quoteNew} replace />;
    body = <QuoteWizard key={id} quote={undefined} step={1} role={me.data.role} />;
  } else if (quote.isPending) body = <FullPageSpinner label="Loading quote" />;
  else if (quote.isError) {
    body = (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">Quote Not Found</p>
        <p className="mt-1">{errorMessageOf(quote.error)}</p>
      </div>
    );
  } else if (addressed === null) {
    return <Redirect to={paths.quoteStep(quote.data.id, initialStepFor(quote.data))} replace />;
  } else body = <QuoteWizard key={id} quote={quote.data} step={addressed} role={me.data.role} />;
  return (
    <AppLayout>
      <Suspense fallback={<FullPageSpinner label="Loading quote" />}>{body}</Suspense>
    </AppLayout>
  );
}
