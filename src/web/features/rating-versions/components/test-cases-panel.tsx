import type { TestCaseResult } from "@domain/rating/test-cases";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { FileInput, ListPlus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { TestCaseDraft, TestCaseProblem } from "../test-cases";
import { TestCaseRow } from "./test-case-row";

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
        {drafts.map((draft, index) => (
          <TestCaseRow
            key={draft.key}
            draft={draft}
            index={index}
            prefix={`${id}-${draft.key}`}
            result={results?.[index]}
            readOnly={readOnly}
            onUpdate={(changes) => update(index, changes)}
            onRemove={() => onChange(drafts.filter((_, at) => at !== index))}
          />
        ))}
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
