import { formatGbp, parseMoneyString } from "@domain/money";
import type { TestCaseResult } from "@domain/rating/test-cases";
import { Button } from "@web/components/ui/button";
import { Input, Textarea } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { CheckCircle2, Trash2, XCircle } from "lucide-react";
import type { TestCaseDraft } from "../test-cases";

function money(text: string): string {
  const pence = parseMoneyString(text);
  return pence === null ? text : formatGbp(pence);
}

function signedMoney(text: string): string {
  const pence = parseMoneyString(text) ?? 0;
  return pence > 0 ? `+${formatGbp(pence)}` : formatGbp(pence);
}

function codes(list: readonly string[]): string {
  return list.length === 0 ? "none" : list.join(", ");
}

/** The case's cancellation check in words: what cancelling after its months returns, against what was expected. */
function CancellationLine({ check }: { check: NonNullable<TestCaseResult["cancellation"]> }) {
  const after = `${check.afterMonths} ${check.afterMonths === 1 ? "month" : "months"}`;
  return check.expectedReturn === check.actualReturn
    ? ` Cancelled after ${after}, ${money(check.actualReturn)} returned, as expected.`
    : ` Cancelled after ${after}: expected ${money(check.expectedReturn)} returned, the terms return ${money(check.actualReturn)}.`;
}

/** One case's outcome in words, so pass and fail never rest on colour alone. */
function ResultLine({ result }: { result: TestCaseResult }) {
  const totalsMatch = result.difference === "0.00";
  const referralsMatch = codes(result.expectedReferrals) === codes(result.actualReferrals);
  const clausesMatch = codes(result.expectedEndorsements) === codes(result.actualEndorsements);
  return (
    <p
      className={
        result.passed
          ? "flex items-start gap-2 rounded border border-green-300 bg-green-50 px-2 py-1 text-sm text-green-900"
          : "flex items-start gap-2 rounded border border-red-300 bg-red-50 px-2 py-1 text-sm text-red-900"
      }
    >
      {result.passed ? (
        <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      ) : (
        <XCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      )}
      <span>
        <span className="font-semibold">{result.passed ? "Pass" : "Fail"}:</span>{" "}
        {totalsMatch
          ? `total ${money(result.actualTotal)} as expected`
          : `expected ${money(result.expectedTotal)}, rated ${money(result.actualTotal)} (difference ${signedMoney(result.difference)})`}
        {referralsMatch
          ? result.actualReferrals.length === 0
            ? "; no referral, as expected."
            : `; referrals ${codes(result.actualReferrals)}, as expected.`
          : `; referrals expected ${codes(result.expectedReferrals)}, raised ${codes(result.actualReferrals)}.`}
        {clausesMatch
          ? result.actualEndorsements.length === 0
            ? ""
            : ` Clauses ${codes(result.actualEndorsements)} attached, as expected.`
          : ` Clauses expected ${codes(result.expectedEndorsements)}, attached ${codes(result.actualEndorsements)}.`}
        {result.cancellation ? <CancellationLine check={result.cancellation} /> : null}
      </span>
    </p>
  );
}

/** One test case as the administrator edits it: name, expected total and referrals, the cancellation check, the input. */
export function TestCaseRow({
  draft,
  index,
  prefix,
  result,
  readOnly,
  onUpdate,
  onRemove,
}: {
  draft: TestCaseDraft;
  index: number;
  /** Unique within the page: the fields' ids start with it. */
  prefix: string;
  /** The last run's result for this case, if it has run since the last change. */
  result: TestCaseResult | undefined;
  readOnly: boolean;
  onUpdate: (changes: Partial<TestCaseDraft>) => void;
  onRemove: () => void;
}) {
  return (
    <li
      aria-label={`Test case ${index + 1}${draft.name ? `: ${draft.name}` : ""}`}
      className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-3"
    >
      <div className="grid gap-2 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end">
        <div className="grid gap-1">
          <Label htmlFor={`${prefix}-name`} className="text-xs">
            Case name
          </Label>
          <Input
            id={`${prefix}-name`}
            value={draft.name}
            readOnly={readOnly}
            onChange={(event) => onUpdate({ name: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${prefix}-total`} className="text-xs">
            Expected total (£)
          </Label>
          <Input
            id={`${prefix}-total`}
            inputMode="decimal"
            value={draft.expectedTotal}
            readOnly={readOnly}
            onChange={(event) => onUpdate({ expectedTotal: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${prefix}-referrals`} className="text-xs">
            Expected referral codes
          </Label>
          <Input
            id={`${prefix}-referrals`}
            value={draft.expectedReferrals}
            placeholder="none"
            readOnly={readOnly}
            onChange={(event) => onUpdate({ expectedReferrals: event.target.value })}
          />
        </div>
        {readOnly ? null : (
          <Button
            variant="outline"
            size="sm"
            onClick={onRemove}
            aria-label={`Remove test case ${draft.name || index + 1}`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Remove
          </Button>
        )}
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${prefix}-clauses`} className="text-xs">
          Expected clauses (endorsement codes the rating attaches)
        </Label>
        <Input
          id={`${prefix}-clauses`}
          value={draft.expectedEndorsements}
          placeholder="none"
          readOnly={readOnly}
          onChange={(event) => onUpdate({ expectedEndorsements: event.target.value })}
        />
      </div>
      <fieldset className="grid gap-2 sm:grid-cols-[1fr_1fr_2fr] sm:items-end">
        <legend className="text-xs font-medium text-slate-700">
          Cancellation check (optional): what cancelling this premium returns under the version's terms
        </legend>
        <div className="grid gap-1">
          <Label htmlFor={`${prefix}-cancel-months`} className="text-xs">
            Cancelled after (months)
          </Label>
          <Input
            id={`${prefix}-cancel-months`}
            inputMode="numeric"
            value={draft.cancelAfterMonths}
            placeholder="none"
            readOnly={readOnly}
            onChange={(event) => onUpdate({ cancelAfterMonths: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${prefix}-cancel-return`} className="text-xs">
            Expected return with IPT (£)
          </Label>
          <Input
            id={`${prefix}-cancel-return`}
            inputMode="decimal"
            value={draft.expectedReturn}
            placeholder="none"
            readOnly={readOnly}
            onChange={(event) => onUpdate({ expectedReturn: event.target.value })}
          />
        </div>
      </fieldset>
      <details>
        <summary className="cursor-pointer text-xs font-medium text-slate-700">Rating input (JSON)</summary>
        <Label htmlFor={`${prefix}-input`} className="sr-only">
          Rating input of {draft.name || `case ${index + 1}`}
        </Label>
        <Textarea
          id={`${prefix}-input`}
          spellCheck={false}
          rows={10}
          readOnly={readOnly}
          className="mt-1 font-mono text-xs leading-5"
          value={draft.inputText}
          onChange={(event) => onUpdate({ inputText: event.target.value })}
        />
      </details>
      {result ? <ResultLine result={result} /> : null}
    </li>
  );
}
