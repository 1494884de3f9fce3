import { useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useState } from "react";
import { appConfigQueryOptions } from "../../lib/api/get-app-config";
import type { DocumentQuote } from "../../lib/documents/document-actions";
import { Button } from "../ui/button";
import { toast } from "../ui/toast-store";
import { Tooltip } from "../ui/tooltip";

/** Builds the quote's document package and opens the mail draft to the underwriting mailbox. */
export function EmailPackageButton({ quote }: { quote: DocumentQuote }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    try {
      // The packaging code comes with the press (with the mailbox), not with every row that shows the button.
      const [config, actions] = await Promise.all([
        queryClient.fetchQuery(appConfigQueryOptions()),
        import("../../lib/documents/document-actions"),
      ]);
      await actions.prepareEmailPackage(quote, config.underwritingMailbox, actions.browserDocumentEffects(toast));
    } catch {
      toast({ title: "Error", description: "Failed to prepare email and document package", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip content="Zip the documents and open an email to underwriting">
      <Button
        variant="outline"
        size="icon"
        onClick={send}
        disabled={busy}
        aria-label={`Email documents for ${quote.reference} to underwriting`}
      >
        <Mail aria-hidden="true" className="h-4 w-4" />
      </Button>
    </Tooltip>
  );
}
