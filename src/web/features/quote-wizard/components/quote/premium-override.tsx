import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { toast } from "@web/components/ui/toast-store";
import { AlertTriangle } from "lucide-react";
import { useState } from "react";

/**
 * The override's rule, with zod: fetched when the amount box opens, not with step 7, which most brokers only read
 * (ADR 0056).
 */
const loadOverrideRule = () => import("@domain/quote/premium-override");

/**
 * docs/product/life-cycle.md's override states: inactive -> entering (the amount box) -> active (warning and Reset). The
 * amount is checked with the domain's schema; an invalid one is refused with the 'Invalid Amount' toast.
 */
export function PremiumOverride({
  active,
  busy,
  sending,
  disabled,
  onApply,
  onReset,
}: {
  active: boolean;
  /** A step-7 write is on its way: Apply and Reset wait for its answer (one click, one request). */
  busy: boolean;
  /** The override or its removal is the write on its way. */
  sending: boolean;
  disabled: boolean;
  onApply: (amountPounds: number) => Promise<boolean>;
  onReset: () => Promise<void>;
}) {
  const [entering, setEntering] = useState(false);
  const [amount, setAmount] = useState("");

  if (active) {
    return (
      <div
        role="status"
        className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      >
        <p className="flex items-center gap-2 font-semibold">
          <AlertTriangle aria-hidden="true" className="h-4 w-4" />
          Premium Override Active
        </p>
        <p>Base premium has been manually overridden</p>
        <div>
          <Button variant="outline" size="sm" disabled={busy || disabled} onClick={() => void onReset()}>
            {sending ? "Resetting..." : "Reset Premium"}
          </Button>
        </div>
      </div>
    );
  }

  if (!entering) {
    return (
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || busy}
          onClick={() => {
            void loadOverrideRule();
            setEntering(true);
          }}
        >
          Override Premium
        </Button>
      </div>
    );
  }

  const apply = async () => {
    const { PREMIUM_OVERRIDE_MESSAGE, PREMIUM_OVERRIDE_TOAST_TITLE, premiumOverrideSchema } = await loadOverrideRule();
    const parsed = premiumOverrideSchema.safeParse({ amount: amount.trim() === "" ? Number.NaN : Number(amount) });
    if (!parsed.success) {
      toast({ title: PREMIUM_OVERRIDE_TOAST_TITLE, description: PREMIUM_OVERRIDE_MESSAGE, variant: "destructive" });
      return;
    }
    if (await onApply(parsed.data.amount)) {
      setEntering(false);
      setAmount("");
    }
  };

  return (
    <form
      className="grid gap-2 rounded-md border border-slate-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <Label htmlFor="override-base-premium">Enter New Base Premium (£)</Label>
      <Input
        id="override-base-premium"
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        autoFocus
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {sending ? "Applying..." : "Apply Override"}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setEntering(false);
            setAmount("");
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
