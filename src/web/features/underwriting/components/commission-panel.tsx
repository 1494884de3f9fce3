import { COMMISSION_LABELS } from "@domain/format/commission";
import type { Quote } from "@domain/quote/quote";
import { CommissionLines } from "@web/components/quote/commission-lines";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { toast } from "@web/components/ui/toast-store";
import { ApiError, errorMessageOf } from "@web/lib/api-client";
import { codeForPress, onFirstUse, preload } from "@web/lib/on-first-use";
import { type FormEvent, useState } from "react";
import { useSetCommission } from "../api/set-commission";

const FIELD = "commission-rate";

/** The rate's check (and zod) comes when the field is first used, not with the review (ADR 0056). */
const rateCheck = onFirstUse(() => import("@domain/quote/commission-schema"));

/**
 * The broker's commission on the quote under review (docs/product/firms.md "Commission"), and, for an underwriter
 * while the quote is not yet issued, a rate for this quote within its rating version's limits (the server says
 * which limits when a rate is outside them).
 */
export function CommissionPanel({ quote, canSet }: { quote: Quote; canSet: boolean }) {
  const setCommission = useSetCommission();
  const [rate, setRate] = useState("");
  const [error, setError] = useState<string | undefined>();
  const open = canSet && quote.ratedAt !== null && quote.status !== "ISSUED" && quote.status !== "UW_DECLINED";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = await codeForPress(rateCheck, (failure) =>
      toast({ title: "Commission Error", description: errorMessageOf(failure), variant: "destructive" }),
    );
    if (!check) return;
    const parsed = check.commissionOverrideSchema.safeParse({
      ratePercent: rate.trim() === "" ? Number.NaN : Number(rate),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await setCommission.mutateAsync({
        quoteId: quote.id,
        ratePercent: parsed.data.ratePercent,
        expectedVersion: quote.version,
      });
      setRate("");
      toast({
        title: "Commission Set",
        description: `${COMMISSION_LABELS.commission} is now ${parsed.data.ratePercent}%`,
      });
    } catch (failure) {
      const issue = failure instanceof ApiError ? failure.issues.find((it) => it.path === "ratePercent") : undefined;
      if (issue) setError(issue.message);
      else toast({ title: "Commission Error", description: errorMessageOf(failure), variant: "destructive" });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{COMMISSION_LABELS.title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {quote.commission ? (
          <CommissionLines commission={quote.commission} />
        ) : (
          <p className="text-sm text-slate-700">{COMMISSION_LABELS.none}</p>
        )}
        {open ? (
          <form noValidate onSubmit={submit} className="grid gap-1.5 border-t border-slate-100 pt-3">
            <Label htmlFor={FIELD}>{COMMISSION_LABELS.rate}</Label>
            <div className="flex gap-2">
              <Input
                id={FIELD}
                value={rate}
                inputMode="decimal"
                autoComplete="off"
                className="min-w-0 flex-1"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${FIELD}-error` : undefined}
                onFocus={() => preload(rateCheck)}
                onChange={(event) => setRate(event.target.value)}
              />
              <Button type="submit" variant="outline" disabled={setCommission.isPending}>
                Set rate
              </Button>
            </div>
            {error ? <FieldError id={`${FIELD}-error`} message={error} /> : null}
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
