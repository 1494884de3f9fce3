import { useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useState } from "react";
import { appConfigQueryOptions } from "../../lib/api/get-app-config";
import { browserDocumentEffects, type DocumentQuote, prepareEmailPackage } from "../../lib/documents/document-actions";
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
      const config = await queryClient.fetchQuery(appConfigQueryOptions());
      await prepareEmailPackage(quote, config.underwritingMailbox, browserDocumentEffects(toast));
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
