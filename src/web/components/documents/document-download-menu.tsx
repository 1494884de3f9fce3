import { ChevronDown, Download } from "lucide-react";
import { useState } from "react";
import type { DocumentQuote, DocumentSelection } from "../../lib/documents/document-actions";
import { onFirstUse } from "../../lib/on-first-use";
import { Button } from "../ui/button";
import { Popover } from "../ui/popover";
import type { DocumentChoicesProps } from "./document-choices";

const NONE_SELECTED: DocumentSelection = { statementOfFact: false, policySchedule: false, dcPolicyWording: false };

const choicesCode = onFirstUse(() => import("./document-choices"));

/** The menu's content, from its own chunk: the popover shows it only once that chunk has arrived. */
function Choices(props: DocumentChoicesProps) {
  const choices = choicesCode.loaded();
  return choices ? <choices.DocumentChoices {...props} /> : null;
}

/**
 * docs/product/screens.md's download menu: three ticks, an 'All Documents' tick that sets or clears all three, and
 * 'Download Selected', disabled until at least one document is ticked.
 */
export function DocumentDownloadMenu({ quote }: { quote: DocumentQuote }) {
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState<DocumentSelection>(NONE_SELECTED);
  const [busy, setBusy] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      code={choicesCode}
      aria-label={`Documents for ${quote.reference}`}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Download documents for ${quote.reference}`}>
          <Download aria-hidden="true" className="h-3.5 w-3.5" />
          Documents
          <ChevronDown aria-hidden="true" className="h-3.5 w-3.5" />
        </Button>
      }
    >
      <Choices
        quote={quote}
        selection={selection}
        onSelectionChange={setSelection}
        busy={busy}
        onBusyChange={setBusy}
      />
    </Popover>
  );
}
