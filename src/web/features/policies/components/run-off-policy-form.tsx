import { formatDateGb } from "@domain/format/dates";
import type { PolicyView } from "@domain/quote/policy-schema";
import { RUN_OFF_MAX_YEARS, RUN_OFF_MIN_YEARS, runOffStartWindow, runOffYearsText } from "@domain/quote/run-off";
import { runOffRequestSchema } from "@domain/quote/run-off-schema";
import { Button } from "@web/components/ui/button";
import { DateInput } from "@web/components/ui/date-input";
import { FieldError, Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { toast } from "@web/components/ui/toast-store";
import { paths } from "@web/config/paths";
import { useSingleFlight } from "@web/lib/single-flight";
import { useState } from "react";
import { useLocation } from "wouter";
import { useRunOffPolicy } from "../api/run-off-policy";
import { describedBy, errorId, sortProblems, usePolicyRefusal } from "./policy-form-problems";

type Field = "years" | "startDate";
type FieldProblems = Partial<Record<Field, string>>;

const YEARS_ID = "run-off-years";
const START_ID = "run-off-start";

const fieldOf = (path: string): Field | null => (path === "years" || path === "startDate" ? path : null);

const YEAR_OPTIONS = Array.from({ length: RUN_OFF_MAX_YEARS - RUN_OFF_MIN_YEARS + 1 }, (_, index) => {
  const years = RUN_OFF_MIN_YEARS + index;
  return { value: String(years), label: runOffYearsText(years) };
});

/**
 * The run-off dialog's form (docs/product/life-cycle.md "Run-off"): the years and the day the firm stops trading.
 * The server makes the run-off quote and prices it; the wizard then opens it on step 6, where the broker confirms
 * the declaration copied from the policy. Fetched when the dialog first opens, with its schema.
 */
export function RunOffPolicyForm({
  policy,
  onKeep,
  onBusy,
}: {
  policy: PolicyView;
  onKeep: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const { policyNumber, period } = policy;
  const window = runOffStartWindow(period.inceptionDate);
  const [years, setYears] = useState("6");
  const [startDate, setStartDate] = useState<string | null>(window.to);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [message, setMessage] = useState<string | null>(null);
  const runOff = useRunOffPolicy();
  const [, navigate] = useLocation();
  const failed = usePolicyRefusal(policyNumber, fieldOf, (fields, other) => {
    if (fields) setProblems(fields);
    setMessage(other);
  });

  const [submit, submitting] = useSingleFlight(async () => {
    const parsed = runOffRequestSchema.safeParse({ years: Number(years), startDate: startDate ?? undefined });
    if (!parsed.success) {
      const sorted = sortProblems(
        parsed.error.issues.map((issue) => ({ path: String(issue.path[0] ?? ""), message: issue.message })),
        fieldOf,
      );
      setProblems(sorted.fields);
      setMessage(sorted.other);
      return;
    }
    setProblems({});
    setMessage(null);
    onBusy(true);
    try {
      const quote = await runOff.mutateAsync({ policyNumber, body: parsed.data });
      toast({ title: "Run-off quoted", description: `Quote ${quote.reference}: run-off of policy ${policyNumber}` });
      onBusy(false);
      onKeep();
      // The declaration copied from the policy is confirmed first: the run-off opens on step 6.
      navigate(paths.quoteStep(quote.id, 6));
    } catch (error) {
      onBusy(false);
      failed(error);
    }
  });

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={YEARS_ID}>Run-off period</Label>
        <Select
          id={YEARS_ID}
          value={years}
          options={YEAR_OPTIONS}
          disabled={submitting}
          onValueChange={(value) => {
            setYears(value);
            setProblems((current) => ({ ...current, years: undefined }));
          }}
          {...describedBy(YEARS_ID, problems.years)}
        />
        <FieldError id={errorId(YEARS_ID)} message={problems.years} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={START_ID}>Date the firm stops trading</Label>
        <DateInput
          id={START_ID}
          value={startDate}
          disabled={submitting}
          onChange={(date) => {
            setStartDate(date);
            setProblems((current) => ({ ...current, startDate: undefined }));
          }}
          {...describedBy(START_ID, problems.startDate, `${START_ID}-hint`)}
        />
        <p id={`${START_ID}-hint`} className="text-xs text-slate-600">
          Run-off starts on this day: from {formatDateGb(window.from)} to {formatDateGb(window.to)}, as DD/MM/YYYY. It
          covers claims made in the period for work done before it; a firm stopping mid-term also cancels this policy
          from the same day.
        </p>
        <FieldError id={errorId(START_ID)} message={problems.startDate} />
      </div>
      <p className="text-sm text-slate-700">
        One single premium: the last annual base premium times the run-off factor for the period, rated when the quote
        is made. The retroactive date stays as it is.
      </p>
      {message ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" disabled={submitting} onClick={onKeep}>
          Close
        </Button>
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? "Quoting run-off..." : "Quote run-off"}
        </Button>
      </div>
    </form>
  );
}
