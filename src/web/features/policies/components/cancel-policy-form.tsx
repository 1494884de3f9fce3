import { formatDateGb } from "@domain/format/dates";
import {
  type CancellationFiguresAnswer,
  cancellationFiguresRequestSchema,
  cancellationRequestSchema,
  type PolicyView,
} from "@domain/quote/policy-schema";
import { Button } from "@web/components/ui/button";
import { DateInput } from "@web/components/ui/date-input";
import { Textarea } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { Spinner } from "@web/components/ui/spinner";
import { useSingleFlight } from "@web/lib/single-flight";
import { Calculator } from "lucide-react";
import { useRef, useState } from "react";
import { getCancellationFigures, useCancelPolicy } from "../api/cancel-policy";
import { CancellationFigures } from "./cancellation-figures";
import { describedBy, errorId, sortProblems, usePolicyRefusal } from "./policy-form-problems";

type Field = "effectiveDate" | "reason";
type FieldProblems = Partial<Record<Field, string>>;

const REASON_MAX = 500;
const DATE_ID = "cancellation-date";
const REASON_ID = "cancellation-reason";

const fieldOf = (path: string): Field | null => (path === "effectiveDate" || path === "reason" ? path : null);
const zodProblems = (issues: readonly { path: PropertyKey[]; message: string }[]) =>
  sortProblems(
    issues.map((issue) => ({ path: String(issue.path[0] ?? ""), message: issue.message })),
    fieldOf,
  );

/**
 * The cancellation dialog's form (docs/product/screens.md "Policy"): the date and the reason, the server's figures
 * for that date, then the cancellation at the policy's version. The browser only checks what the schema checks;
 * every amount and every date rule is the server's answer. Fetched when the dialog first opens, with its schema.
 */
export function CancelPolicyForm({
  policy,
  onCancelled,
  onKeep,
  onBusy,
}: {
  policy: PolicyView;
  onCancelled: (cancelled: PolicyView) => void;
  onKeep: () => void;
  /** The cancellation is on its way: the dialog stays open until it is answered. */
  onBusy: (busy: boolean) => void;
}) {
  const { policyNumber, period } = policy;
  // The earliest date as the dialog opened: it stays in the hint if the policy changes behind the dialog.
  const [earliest] = useState(policy.cancelFrom ?? period.inceptionDate);
  // Cancelled, expired or renewed meanwhile (the screen behind has fetched it again after a conflict): nothing
  // more can be asked or confirmed here.
  const stillCancellable = policy.cancelFrom !== null;
  const [effectiveDate, setEffectiveDate] = useState<string | null>(earliest);
  const [reason, setReason] = useState("");
  const [figures, setFigures] = useState<CancellationFiguresAnswer | null>(null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [message, setMessage] = useState<string | null>(null);
  // The date the figures on their way were asked for: an answer for a date since changed is not shown.
  const shownFor = useRef<string | null>(effectiveDate);
  const cancel = useCancelPolicy();
  const failed = usePolicyRefusal(policyNumber, fieldOf, (fields, other) => {
    if (fields) setProblems(fields);
    setMessage(other);
  });

  const [showFigures, asking] = useSingleFlight(async () => {
    const parsed = cancellationFiguresRequestSchema.safeParse({ effectiveDate: effectiveDate ?? undefined });
    if (!parsed.success) {
      setProblems((current) => ({ ...current, effectiveDate: zodProblems(parsed.error.issues).fields.effectiveDate }));
      return;
    }
    setProblems((current) => ({ ...current, effectiveDate: undefined }));
    setMessage(null);
    try {
      const answer = await getCancellationFigures(policyNumber, parsed.data.effectiveDate);
      if (shownFor.current === answer.effectiveDate) setFigures(answer);
    } catch (error) {
      failed(error);
    }
  });

  const [confirm, confirming] = useSingleFlight(async () => {
    if (!figures) return;
    const parsed = cancellationRequestSchema.safeParse({
      effectiveDate: figures.effectiveDate,
      reason,
      expectedVersion: policy.version,
    });
    if (!parsed.success) {
      const sorted = zodProblems(parsed.error.issues);
      setProblems(sorted.fields);
      setMessage(sorted.other);
      return;
    }
    setProblems({});
    setMessage(null);
    onBusy(true);
    try {
      onCancelled(await cancel.mutateAsync({ policyNumber, body: parsed.data }));
    } catch (error) {
      failed(error);
    } finally {
      onBusy(false);
    }
  });

  const busy = asking || confirming;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (stillCancellable) void (figures ? confirm() : showFigures());
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={DATE_ID}>Cancellation date</Label>
        <DateInput
          id={DATE_ID}
          value={effectiveDate}
          disabled={confirming || !stillCancellable}
          onChange={(date) => {
            setEffectiveDate(date);
            shownFor.current = date;
            setFigures(null);
            setMessage(null);
            setProblems((current) => ({ ...current, effectiveDate: undefined }));
          }}
          {...describedBy(DATE_ID, problems.effectiveDate, `${DATE_ID}-hint`)}
        />
        <p id={`${DATE_ID}-hint`} className="text-xs text-slate-600">
          From {formatDateGb(earliest)} to {formatDateGb(period.expiryDate)}, as DD/MM/YYYY. Cover ends as this day
          begins.
        </p>
        <FieldError id={errorId(DATE_ID)} message={problems.effectiveDate} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={REASON_ID}>Reason for cancelling</Label>
        <Textarea
          id={REASON_ID}
          rows={3}
          value={reason}
          disabled={confirming || !stillCancellable}
          onChange={(event) => {
            setReason(event.target.value);
            setProblems((current) => ({ ...current, reason: undefined }));
          }}
          {...describedBy(REASON_ID, problems.reason, `${REASON_ID}-hint`)}
        />
        <p id={`${REASON_ID}-hint`} className="text-xs text-slate-600">
          {reason.length} of {REASON_MAX} characters
        </p>
        <FieldError id={errorId(REASON_ID)} message={problems.reason} />
      </div>
      <div aria-live="polite" className="grid gap-2">
        {figures ? (
          <CancellationFigures figures={figures} inceptionDate={period.inceptionDate} />
        ) : (
          <Button
            type="button"
            variant="outline"
            disabled={busy || !stillCancellable}
            onClick={() => void showFigures()}
          >
            {asking ? <Spinner /> : <Calculator aria-hidden="true" className="h-4 w-4" />}
            {asking ? "Working out the return..." : "Show return premium"}
          </Button>
        )}
      </div>
      {message ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" disabled={confirming} onClick={onKeep}>
          {stillCancellable ? "Keep policy" : "Close"}
        </Button>
        <Button type="submit" variant="destructive" disabled={!figures || busy || !stillCancellable}>
          {confirming ? "Cancelling..." : "Confirm cancellation"}
        </Button>
      </div>
      {figures ? null : <p className="-mt-2 text-right text-xs text-slate-600">Show the return premium to confirm.</p>}
    </form>
  );
}
