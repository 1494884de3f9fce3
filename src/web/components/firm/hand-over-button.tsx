import type { Quote } from "@domain/quote/quote";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Dialog } from "@web/components/ui/dialog";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { toast } from "@web/components/ui/toast-store";
import { useMe } from "@web/lib/api/get-me";
import { type ApiData, apiClient, errorMessageOf } from "@web/lib/api-client";
import { UserRoundCog } from "lucide-react";
import { useState } from "react";

interface FirmBroker {
  id: string;
  name: string;
  email: string;
  isFirmLead: boolean;
}

/** GET /api/firm/brokers: the lead's firm's brokers, whom a quote may be handed to. */
function useFirmBrokers(enabled: boolean) {
  return useQuery({
    queryKey: ["firm-brokers"],
    queryFn: async () => (await apiClient.get<ApiData<FirmBroker[]>>("/api/firm/brokers")).data,
    enabled,
  });
}

/**
 * Hand over (docs/product/firms.md): shown to the lead of the quote's firm only, on a quote or a policy; hands it
 * to another broker of the firm. The server checks it all again.
 */
export function HandOverButton({ quote }: { quote: Pick<Quote, "id" | "reference" | "brokerId" | "firmId"> }) {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const [brokerId, setBrokerId] = useState("");
  const queryClient = useQueryClient();
  const leads = me.data?.role === "BROKER" && me.data.isFirmLead && me.data.firmId !== null;
  const mayHandOver = leads && quote.firmId !== null && quote.firmId === me.data?.firmId;
  const brokers = useFirmBrokers(mayHandOver && open);
  const handOver = useMutation({
    mutationFn: async (to: string) =>
      (
        await apiClient.post<ApiData<Quote>>(`/api/quotes/${encodeURIComponent(quote.id)}/hand-over`, {
          brokerId: to,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["quotes"] }),
  });
  if (!mayHandOver) return null;
  const choices = (brokers.data ?? []).filter((broker) => broker.id !== quote.brokerId);

  const submit = async () => {
    const to = choices.find((broker) => broker.id === brokerId);
    if (!to) return;
    try {
      await handOver.mutateAsync(to.id);
      toast({ title: "Handed Over", description: `${quote.reference} is now with ${to.name}.` });
      setOpen(false);
      setBrokerId("");
    } catch (error) {
      toast({ title: "Hand-over Error", description: errorMessageOf(error), variant: "destructive" });
    }
  };

  return (
    <>
      <Button size="sm" variant="outline" aria-label={`Hand over ${quote.reference}`} onClick={() => setOpen(true)}>
        <UserRoundCog aria-hidden="true" className="h-3.5 w-3.5" />
        Hand over
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Hand over ${quote.reference}`}
        description="The broker you choose holds it from now on; it stays with your firm."
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`hand-over-${quote.id}`}>New broker</Label>
            <Select
              id={`hand-over-${quote.id}`}
              value={brokerId}
              placeholder={brokers.isPending ? "Loading brokers..." : "Choose a broker"}
              onValueChange={setBrokerId}
              options={choices.map((broker) => ({ value: broker.id, label: `${broker.name} (${broker.email})` }))}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={brokerId === "" || handOver.isPending}>
              {handOver.isPending ? "Handing over..." : "Hand over"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
