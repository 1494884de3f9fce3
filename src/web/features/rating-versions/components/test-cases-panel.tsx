import { formatGbp, parseMoneyString } from "@domain/money";
import type { TestCaseResult } from "@domain/rating/test-cases";
import { Button } from "@web/components/ui/button";
import { Input, Textarea } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { CheckCircle2, FileInput, ListPlus, Trash2, XCircle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { TestCaseDraft, TestCaseProblem } from "../test-cases";

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

/** One case's outcome in words, so pass and fail never rest on colour alone. */
function ResultLine({ result }: { result: TestCaseResult }) {
  const totalsMatch = result.difference === "0.00";
  const referralsMatch = codes(result.expectedReferrals) === codes(result.actualReferrals);
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
      </span>
    </p>
  );
}

/**
 * The version's test cases (docs/product/screens.md): each a name, the expected total and referral codes, and
 * the rating input as JSON. They run with the real engine on Validate and Test Rating; publishing refuses
 * while any fails.
 */
export function TestCasesPanel({
  drafts,
  results,
  problems,
  readOnly,
  onChange,
  onAddFromRisk,
  onAddFromQuote,
}: {
  drafts: readonly TestCaseDraft[];
  /** The last run's results, in the drafts' order; null when not run since the last change. */
  results: readonly TestCaseResult[] | null;
  problems: readonly TestCaseProblem[];
  readOnly: boolean;
  onChange: (drafts: TestCaseDraft[]) => void;
  onAddFromRisk: () => void;
  onAddFromQuote: (reference: string) => Promise<boolean>;
}) {
  const id = useId();
  const [reference, setReference] = useState("");
  const [fetching, setFetching] = useState(false);

  const update = (index: number, changes: Partial<TestCaseDraft>) =>
    onChange(drafts.map((draft, at) => (at === index ? { ...draft, ...changes } : draft)));

  const addFromQuote = async (event: FormEvent) => {
    event.preventDefault();
    if (!reference.trim() || fetching) return;
    setFetching(true);
    try {
      if (await onAddFromQuote(reference.trim())) setReference("");
    } finally {
      setFetching(false);
    }
  };

  const passed = results?.filter((result) => result.passed).length ?? 0;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-3 wrap-anywhere"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          Test cases
        </h3>
        {results && results.length > 0 ? (
          <p role="status" className="text-sm font-medium text-slate-800">
            {passed === results.length
              ? `All ${results.length} test cases pass`
              : `${results.length - passed} of ${results.length} test cases fail`}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">
        Each case rates its input with this configuration on Validate and Test Rating. The version cannot be published
        while any case fails.
      </p>
      {problems.length > 0 ? (
        <ul
          role="alert"
          className="grid gap-1 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900 wrap-anywhere"
        >
          {problems.map((problem) => (
            <li key={`${problem.index}|${problem.message}`}>{problem.message}</li>
          ))}
        </ul>
      ) : null}
      {drafts.length === 0 ? <p className="text-sm text-slate-600">No test cases yet.</p> : null}
      <ol className="grid gap-3">
        {drafts.map((draft, index) => {
          const result = results?.[index];
          const prefix = `${id}-${draft.key}`;
          return (
            <li
              key={draft.key}
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
                    onChange={(event) => update(index, { name: event.target.value })}
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
                    onChange={(event) => update(index, { expectedTotal: event.target.value })}
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
                    onChange={(event) => update(index, { expectedReferrals: event.target.value })}
                  />
                </div>
                {readOnly ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onChange(drafts.filter((_, at) => at !== index))}
                    aria-label={`Remove test case ${draft.name || index + 1}`}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Remove
                  </Button>
                )}
              </div>
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
                  onChange={(event) => update(index, { inputText: event.target.value })}
                />
              </details>
              {result ? <ResultLine result={result} /> : null}
            </li>
          );
        })}
      </ol>
      {readOnly ? null : (
        <div className="flex flex-wrap items-end gap-3">
          <Button variant="outline" size="sm" onClick={onAddFromRisk}>
            <ListPlus aria-hidden="true" className="h-4 w-4" />
            Add case from test risk
          </Button>
          <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void addFromQuote(event)}>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-reference`} className="text-xs">
                Quote reference
              </Label>
              <Input
                id={`${id}-reference`}
                className="w-40"
                placeholder="DCPI-000123"
                value={reference}
                onChange={(event) => setReference(event.target.value)}
              />
            </div>
            <Button type="submit" variant="outline" size="sm" disabled={fetching || !reference.trim()}>
              <FileInput aria-hidden="true" className="h-4 w-4" />
              {fetching ? "Adding..." : "Add case from quote"}
            </Button>
          </form>
        </div>
      )}
    </section>
  );
}
