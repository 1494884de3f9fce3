import { DOCUMENT_TYPES, type DocumentType } from "@domain/constants";
import { useId } from "react";
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
import { toast } from "../ui/toast-store";

/** The ticks and a download under way, which the menu keeps while it closes and opens again. */
export interface DocumentChoicesProps {
  quote: DocumentQuote;
  selection: DocumentSelection;
  onSelectionChange: (update: (current: DocumentSelection) => DocumentSelection) => void;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
}

/**
 * The download menu's content: fetched with the menu's popover the first time a row's menu opens (with its ticks
 * and the download code), never with the list.
 */
export function DocumentChoices({ quote, selection, onSelectionChange, busy, onBusyChange }: DocumentChoicesProps) {
  const idPrefix = useId();
  const count = selectedDocumentTypes(selection).length;
  const allState = count === DOCUMENT_TYPES.length ? true : count === 0 ? false : "indeterminate";

  const setAll = (checked: boolean) =>
    onSelectionChange(() => ({ statementOfFact: checked, policySchedule: checked, dcPolicyWording: checked }));
  const setOne = (type: DocumentType, checked: boolean) =>
    onSelectionChange((current) => ({ ...current, [type]: checked }));

  const download = async () => {
    onBusyChange(true);
    try {
      await downloadSelectedDocuments(quote, selection, browserDocumentEffects(toast));
    } finally {
      onBusyChange(false);
    }
  };

  return (
    <>
      <fieldset className="grid gap-2.5">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Download Documents</legend>
        <div className="flex items-center gap-2 border-b border-slate-100 pb-2">
          <Checkbox id={`${idPrefix}-all`} checked={allState} onCheckedChange={(checked) => setAll(checked === true)} />
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
    </>
  );
}
