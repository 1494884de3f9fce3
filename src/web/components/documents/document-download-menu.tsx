import { DOCUMENT_TYPES, type DocumentType } from "@domain/constants";
import { ChevronDown, Download } from "lucide-react";
import { useId, useState } from "react";
import {
  browserDocumentEffects,
  DOCUMENT_LABELS,
  type DocumentQuote,
  type DocumentSelection,
  downloadSelectedDocuments,
  NO_DOCUMENTS_SELECTED_MESSAGE,
  selectedDocumentTypes,
} from "../../lib/documents/document-actions";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { Label } from "../ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "../ui/popover";
import { toast } from "../ui/toast-store";

const NONE_SELECTED: DocumentSelection = { statementOfFact: false, policySchedule: false, dcPolicyWording: false };

/**
 * docs/product/screens.md's download menu: three ticks, an 'All Documents' tick that sets or clears all three, and
 * 'Download Selected', disabled until at least one document is ticked.
 */
export function DocumentDownloadMenu({ quote }: { quote: DocumentQuote }) {
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState<DocumentSelection>(NONE_SELECTED);
  const [busy, setBusy] = useState(false);
  const idPrefix = useId();
  const count = selectedDocumentTypes(selection).length;
  const allState = count === DOCUMENT_TYPES.length ? true : count === 0 ? false : "indeterminate";

  const setAll = (checked: boolean) =>
    setSelection({ statementOfFact: checked, policySchedule: checked, dcPolicyWording: checked });
  const setOne = (type: DocumentType, checked: boolean) => setSelection((current) => ({ ...current, [type]: checked }));

  const download = async () => {
    setBusy(true);
    try {
      await downloadSelectedDocuments(quote, selection, browserDocumentEffects(toast));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Download documents for ${quote.reference}`}>
          <Download aria-hidden="true" className="h-3.5 w-3.5" />
          Documents
          <ChevronDown aria-hidden="true" className="h-3.5 w-3.5" />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label={`Documents for ${quote.reference}`}>
        <fieldset className="grid gap-2.5">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Download Documents</legend>
          <div className="flex items-center gap-2 border-b border-slate-100 pb-2">
            <Checkbox
              id={`${idPrefix}-all`}
              checked={allState}
              onCheckedChange={(checked) => setAll(checked === true)}
            />
            <Label htmlFor={`${idPrefix}-all`}>All Documents</Label>
          </div>
          {DOCUMENT_TYPES.map((type) => (
            <div key={type} className="flex items-center gap-2">
              <Checkbox
                id={`${idPrefix}-${type}`}
                name={type}
                checked={selection[type]}
                onCheckedChange={(checked) => setOne(type, checked === true)}
              />
              <Label htmlFor={`${idPrefix}-${type}`} className="font-normal">
                {DOCUMENT_LABELS[type]}
              </Label>
            </div>
          ))}
        </fieldset>
        <Button
          className="mt-3 w-full justify-center"
          size="sm"
          disabled={count === 0 || busy}
          aria-describedby={count === 0 ? `${idPrefix}-none` : undefined}
          onClick={download}
        >
          {busy ? "Downloading..." : "Download Selected"}
        </Button>
        {count === 0 ? (
          <p id={`${idPrefix}-none`} className="mt-2 text-xs text-slate-600">
            {NO_DOCUMENTS_SELECTED_MESSAGE}
          </p>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
