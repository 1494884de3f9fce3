import { formatGbp, parseMoneyString } from "@domain/money";
import type { Quote } from "@domain/quote/quote";
import { ANNUAL_COVER_TEXT, RUN_OFF_MAX_YEARS, RUN_OFF_MIN_YEARS, runOffCoverText } from "@domain/quote/run-off";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { RenewedPolicyLink } from "./renewed-policy-link";

const ANNUAL = "annual";

const RUN_OFF_OPTIONS = Array.from({ length: RUN_OFF_MAX_YEARS - RUN_OFF_MIN_YEARS + 1 }, (_, index) => {
  const years = RUN_OFF_MIN_YEARS + index;
  return { value: String(years), label: runOffCoverText(years) };
});

/**
 * Annual cover or run-off for a firm that stops trading (docs/product/life-cycle.md "Run-off"): run-off is one
 * policy for its years from the inception date, one single premium. A run-off quoted from a policy stays a run-off,
 * so it is not offered annual cover, and it says what its premium is built from.
 */
export function CoverPeriod({
  quote,
  value,
  disabled,
  onChange,
}: {
  quote: Quote;
  value: number | null;
  disabled: boolean;
  onChange: (runOffYears: number | null) => void;
}) {
  const fromPolicy = quote.runOffOfId !== null;
  const options = fromPolicy ? RUN_OFF_OPTIONS : [{ value: ANNUAL, label: ANNUAL_COVER_TEXT }, ...RUN_OFF_OPTIONS];
  const basis = parseMoneyString(quote.runOffAnnualPremium ?? "");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cover Period</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1.5">
        {quote.runOffOf ? (
          <p className="text-sm text-slate-800" data-testid="run-off-of">
            Run-off of policy <RenewedPolicyLink renewed={quote.runOffOf} />
          </p>
        ) : null}
        <Label htmlFor="coverPeriod">Period of cover</Label>
        <Select
          id="coverPeriod"
          value={value === null ? ANNUAL : String(value)}
          disabled={disabled}
          options={options}
          aria-describedby="coverPeriod-note"
          onValueChange={(next) => onChange(next === ANNUAL ? null : Number(next))}
        />
        <p id="coverPeriod-note" className="text-xs text-slate-700" data-testid="cover-period-note">
          {value === null
            ? "Choose run-off for a firm that has stopped or will stop trading: cover from the inception date for claims made during the years chosen, for work done before it, for one single premium."
            : fromPolicy && basis !== null
              ? `Run-off of the policy: its last annual base premium of ${formatGbp(basis)} times the run-off factor for the years chosen, one single premium. The cover is the policy's as it stands.`
              : "Run-off: the annual premium these answers rate to, times the run-off factor for the years chosen, one single premium. No cover for work done after the inception date."}
        </p>
      </CardContent>
    </Card>
  );
}
