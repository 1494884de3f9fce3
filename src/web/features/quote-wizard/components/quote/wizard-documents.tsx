import { DOCUMENT_TYPES, type DocumentType } from "@domain/constants";
import { describeMissing, findMissingForDocuments } from "@domain/quote/completeness";
import type { Quote } from "@domain/quote/quote";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Checkbox } from "@web/components/ui/checkbox";
import { Label } from "@web/components/ui/label";
import { type ToastInput, toast } from "@web/components/ui/toast-store";
import { errorMessageOf } from "@web/lib/api-client";
import {
  DOCUMENT_LABELS,
  type DocumentSelection,
  NO_DOCUMENTS_SELECTED_MESSAGE,
  POLICY_SCHEDULE_ERROR,
  STATEMENT_OF_FACT_ERROR,
} from "@web/lib/documents/document-names";
import { codeForPress, onFirstUse, preload } from "@web/lib/on-first-use";
import { Download } from "lucide-react";
import { useId, useState } from "react";

/** The wizard's own wording of two failures (docs/product/errors.md wizard toasts); the dashboard's texts stay as they are. */
const WIZARD_FAILURE_TEXTS: Record<string, string> = {
  [STATEMENT_OF_FACT_ERROR]: "Failed to generate statement of fact document",
  [POLICY_SCHEDULE_ERROR]: "Failed to generate policy schedule document",
};

function wizardNotify(input: ToastInput) {
  const description = input.description ? (WIZARD_FAILURE_TEXTS[input.description] ?? input.description) : undefined;
  toast(description === undefined ? input : { ...input, description });
}

/** Fetching, checking and saving the documents: asked for when the broker comes to the card, awaited by Download. */
const documentsCode = onFirstUse(() => import("@web/lib/documents/document-actions"));

const NONE: DocumentSelection = { statementOfFact: false, policySchedule: false, dcPolicyWording: false };

/**
 * Step 7's Download Documents menu (docs/product/life-cycle.md): the statement of fact and the policy schedule stay disabled
 * until the quote's data is complete (the domain's completeness rule says what is missing); the wording is
 * available once a quote exists. Fetching, checking and saving are the documents feature's own actions.
 */
export function WizardDocuments({ quote }: { quote: Quote | undefined }) {
  const idPrefix = useId();
  const [selection, setSelection] = useState<DocumentSelection>(NONE);
  const [busy, setBusy] = useState(false);
  const [withOptions, setWithOptions] = useState(false);
  const missing = quote ? findMissingForDocuments(quote) : [];
  const needsData = (type: DocumentType) => type !== "dcPolicyWording" && missing.length > 0;
  const unavailable = (type: DocumentType) => !quote || needsData(type);
  const chosen = DOCUMENT_TYPES.filter((type) => selection[type] && !unavailable(type));

  const download = async () => {
    if (!quote) return;
    const effective = Object.fromEntries(
      DOCUMENT_TYPES.map((type) => [type, chosen.includes(type)]),
    ) as DocumentSelection;
    setBusy(true);
    try {
      // Offline before the code arrived: the same toast as a document that could not be fetched.
      const actions = await codeForPress(documentsCode, (error) =>
        wizardNotify({ title: "Error", description: errorMessageOf(error), variant: "destructive" }),
      );
      if (!actions) return;
      const { browserDocumentEffects, downloadSelectedDocuments } = actions;
      await downloadSelectedDocuments(quote, effective, browserDocumentEffects(wizardNotify), {
        quotationOptions: withOptions && chosen.includes("statementOfFact"),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card onFocus={() => preload(documentsCode)} onPointerOver={() => preload(documentsCode)}>
      <CardHeader>
        <CardTitle>Download Documents</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <fieldset className="grid gap-2">
          <legend className="sr-only">Documents to download</legend>
          {DOCUMENT_TYPES.map((type) => (
            <div key={type} className="flex items-center gap-2">
              <Checkbox
                id={`${idPrefix}-${type}`}
                checked={selection[type] && !unavailable(type)}
                disabled={unavailable(type)}
                aria-describedby={needsData(type) ? `${idPrefix}-missing` : undefined}
                onCheckedChange={(checked) => setSelection((current) => ({ ...current, [type]: checked === true }))}
              />
              <Label
                htmlFor={`${idPrefix}-${type}`}
                className={unavailable(type) ? "font-normal text-slate-500" : "font-normal"}
              >
                {DOCUMENT_LABELS[type]}
              </Label>
            </div>
          ))}
          <div className="flex items-center gap-2 pl-6">
            <Checkbox
              id={`${idPrefix}-quotation-options`}
              checked={withOptions && chosen.includes("statementOfFact")}
              disabled={!chosen.includes("statementOfFact")}
              onCheckedChange={(checked) => setWithOptions(checked === true)}
            />
            <Label
              htmlFor={`${idPrefix}-quotation-options`}
              className={chosen.includes("statementOfFact") ? "font-normal" : "font-normal text-slate-500"}
            >
              Include quotation options (premium by cover limit and excess)
            </Label>
          </div>
        </fieldset>
        {quote && missing.length > 0 ? (
          <p id={`${idPrefix}-missing`} className="text-xs text-slate-600">
            Statement of Fact and Policy Schedule need the complete quote. {describeMissing(missing)}.
          </p>
        ) : null}
        <div>
          <Button size="sm" disabled={chosen.length === 0 || busy} onClick={() => void download()}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {busy ? "Downloading..." : "Download Selected"}
          </Button>
          {quote && chosen.length === 0 ? (
            <p className="mt-1 text-xs text-slate-600">{NO_DOCUMENTS_SELECTED_MESSAGE}</p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
