import type { Firm } from "@domain/firms/firm";
import type { UserWithAuthority as User } from "@domain/underwriting/authority-schema";
import { Checkbox } from "@web/components/ui/checkbox";
import { Select } from "@web/components/ui/select";
import { toast } from "@web/components/ui/toast-store";
import { useSetBrokerFirm } from "@web/lib/api/firms";
import { errorMessageOf } from "@web/lib/api-client";

const NO_FIRM = "";

/**
 * A broker's firm and whether they lead it (docs/product/firms.md), changed in place: each change is saved at
 * once and audited by the server. Other roles belong to no firm.
 */
export function BrokerFirmCell({ user, firms }: { user: User; firms: readonly Firm[] }) {
  const setFirm = useSetBrokerFirm();
  if (user.role !== "BROKER") return <span className="text-slate-600">-</span>;
  const save = async (firmId: string | null, isFirmLead: boolean) => {
    try {
      await setFirm.mutateAsync({ userId: user.id, firmId, isFirmLead: firmId === null ? false : isFirmLead });
      const firm = firms.find((f) => f.id === firmId);
      toast({
        title: "Firm Changed",
        description: firm
          ? `${user.name} is ${isFirmLead ? "the lead broker" : "a broker"} of ${firm.name}.`
          : `${user.name} belongs to no firm.`,
      });
    } catch (error) {
      toast({ title: "Firm Error", description: errorMessageOf(error), variant: "destructive" });
    }
  };
  const leadId = `firm-lead-${user.id}`;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <Select
        aria-label={`Firm of ${user.name}`}
        className="min-w-40"
        value={user.firmId ?? NO_FIRM}
        disabled={setFirm.isPending}
        onValueChange={(value) => void save(value === NO_FIRM ? null : value, user.isFirmLead)}
        options={[{ value: NO_FIRM, label: "No firm" }, ...firms.map((firm) => ({ value: firm.id, label: firm.name }))]}
      />
      {user.firmId ? (
        <label htmlFor={leadId} className="flex min-h-10 items-center gap-2 text-sm text-slate-700">
          <Checkbox
            id={leadId}
            checked={user.isFirmLead}
            disabled={setFirm.isPending}
            onCheckedChange={(checked) => void save(user.firmId, checked === true)}
          />
          Lead
        </label>
      ) : null}
    </div>
  );
}
