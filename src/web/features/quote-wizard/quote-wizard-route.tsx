import type { ReactNode } from "react";
import { AppLayout } from "../../components/layout/app-layout";
import { FullPageSpinner } from "../../components/ui/spinner";
import { pageTitle, usePageTitle } from "../../hooks/use-page-title";
import { errorMessageOf } from "../../lib/api-client";
import { useMe } from "../auth/api/get-me";
import { useQuote } from "./api/get-quote";
import { QuoteWizard } from "./components/quote-wizard";

/** The id segment of /quote/new: no quote yet, step 1 creates one. */
export const NEW_QUOTE_ID = "new";

/**
 * /quote/new and /quote/{id} (SPEC.md §2): a full-page spinner while the quote loads, then the wizard.
 * Creating the quote from /quote/new moves the address to /quote/{id} without remounting the wizard.
 */
export default function QuoteWizardRoute({ id }: { id: string }) {
  const isNew = id === NEW_QUOTE_ID;
  const me = useMe();
  const quote = useQuote(isNew ? undefined : id);
  usePageTitle(pageTitle(quote.data ? `Quote ${quote.data.reference}` : "New Quote"));

  if (!me.data) return null;
  let body: ReactNode;
  if (!isNew && quote.isPending) body = <FullPageSpinner label="Loading quote" />;
  else if (!isNew && quote.isError) {
    body = (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">Quote Not Found</p>
        <p className="mt-1">{errorMessageOf(quote.error)}</p>
      </div>
    );
  } else body = <QuoteWizard key={id} quote={quote.data} role={me.data.role} />;
  return <AppLayout>{body}</AppLayout>;
}
