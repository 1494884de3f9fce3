import { COUNTER_MULTIPLIER_MAX, COUNTER_MULTIPLIER_MIN, COUNTER_MULTIPLIER_STEP } from "@domain/constants";
import type { UnderwriterDecisionValue } from "@domain/quote/quote";
import { adjustmentLabel } from "@domain/underwriting/counter-multiplier";
import { DECISION_NOTE_HINTS } from "@domain/underwriting/decision-notes";
import type { Clause } from "@domain/underwriting/terms";
import { Button, focusRing } from "@web/components/ui/button";
import { Textarea } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { Slider } from "@web/components/ui/slider";
import { cn } from "@web/lib/cn";
import { Check, Scale, X } from "lucide-react";
import type { ComponentType } from "react";
import type { UnderwriterReview } from "../api/get-underwriter-review";
import { DecisionTermsEditor, EMPTY_TERMS, type TermsDraft } from "./decision-terms-editor";

const CHOICES: { value: UnderwriterDecisionValue; label: string; icon: ComponentType<{ className?: string }> }[] = [
  { value: "APPROVED", label: "Approve", icon: Check },
  { value: "COUNTER", label: "Counter Offer", icon: Scale },
  { value: "DECLINED", label: "Decline", icon: X },
];

export interface DecisionDraft {
  decision: UnderwriterDecisionValue | null;
  multiplier: number;
  /** The note for the client (the spec's Underwriter Notes). */
  note: string;
  fileNote: string;
  /** Clauses and subjectivities, for an approval or a counter offer only. */
  terms?: TermsDraft;
}

/** The form's errors, by the field they stand under. */
export type DecisionErrors = Partial<Record<"decision" | "note" | "fileNote", string>>;

/**
 * The errors still true once the draft has changed: an error goes with the field it stands under, and choosing
 * a decision also ends any note error, since whether a note is needed depends on the decision.
 */
export function errorsAfterChange(errors: DecisionErrors, before: DecisionDraft, after: DecisionDraft): DecisionErrors {
  const left: DecisionErrors = { ...errors };
  if (before.decision !== after.decision) {
    delete left.decision;
    delete left.note;
  }
  if (before.note !== after.note) delete left.note;
  if (before.fileNote !== after.fileNote) delete left.fileNote;
  return left;
}

/** The reader's authority over this quote (docs/product/permissions.md "Authority"), as the review sends it. */
export type DecisionAuthority = UnderwriterReview["authority"];

/** Approving or countering needs the authority; declining never does. */
const NEEDS_AUTHORITY: readonly UnderwriterDecisionValue[] = ["APPROVED", "COUNTER"];

function BeyondAuthority({ beyond }: { beyond: string[] }) {
  return (
    <div
      role="note"
      aria-labelledby="beyond-authority-title"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p id="beyond-authority-title" className="font-semibold">
        Beyond your authority: you may decline, or leave this referral for an underwriter with a higher authority.
      </p>
      <ul className="mt-1 list-disc pl-5" data-testid="beyond-authority">
        {beyond.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/** docs/product/screens.md's decision form: three choices, the counter-offer slider, notes and Submit Decision. */
export function DecisionForm({
  draft,
  onChange,
  onSubmit,
  submitting,
  errors,
  onEngage,
  authority = null,
  termsIssues = {},
  clauses,
}: {
  draft: DecisionDraft;
  onChange: (draft: DecisionDraft) => void;
  onSubmit: () => void;
  submitting: boolean;
  errors: DecisionErrors;
  /** A pointer or focus has come into the form: the decision's check can be fetched before Submit. */
  onEngage?: () => void;
  /** An underwriter's authority: Approve and Counter Offer are closed beyond it, and the slider keeps to its range. */
  authority?: DecisionAuthority;
  /** The schema's messages for the terms, by path. */
  termsIssues?: Readonly<Record<string, string>>;
  /** The endorsement library to pick clauses from; undefined while it loads. */
  clauses?: readonly Clause[] | undefined;
}) {
  const beyond = authority?.beyond ?? [];
  const counterMin = authority?.counterMin ?? COUNTER_MULTIPLIER_MIN;
  const counterMax = authority?.counterMax ?? COUNTER_MULTIPLIER_MAX;
  const closed = (decision: UnderwriterDecisionValue | null) =>
    beyond.length > 0 && decision !== null && NEEDS_AUTHORITY.includes(decision);
  const choose = (decision: UnderwriterDecisionValue) => {
    const multiplier = Math.min(counterMax, Math.max(counterMin, draft.multiplier));
    onChange({ ...draft, decision, multiplier });
  };
  return (
    <form
      noValidate
      className="grid gap-4"
      onFocus={onEngage}
      onPointerEnter={onEngage}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {beyond.length > 0 ? <BeyondAuthority beyond={beyond} /> : null}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Decision</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {CHOICES.map((choice) => {
            const active = draft.decision === choice.value;
            return (
              <button
                key={choice.value}
                type="button"
                aria-pressed={active}
                disabled={closed(choice.value)}
                onClick={() => choose(choice.value)}
                className={cn(
                  "inline-flex items-center justify-center gap-2 rounded-md border-2 px-3 py-2 text-sm font-medium",
                  active ? "border-blue-800 bg-blue-50 text-blue-950" : "border-slate-200 bg-white text-slate-800",
                  "disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-600",
                  focusRing,
                )}
              >
                <choice.icon className="h-4 w-4" aria-hidden="true" />
                {choice.label}
              </button>
            );
          })}
        </div>
        <FieldError id="decision-error" message={errors.decision} />
      </fieldset>
      {draft.decision === "COUNTER" ? (
        <div className="grid gap-2">
          <Label id="adjustment-label">Premium Adjustment</Label>
          <Slider
            aria-labelledby="adjustment-label"
            thumbLabel="Premium adjustment multiplier"
            min={counterMin}
            max={counterMax}
            step={COUNTER_MULTIPLIER_STEP}
            value={[draft.multiplier]}
            onValueChange={([value]) => value !== undefined && onChange({ ...draft, multiplier: value })}
          />
          <div className="flex justify-between text-xs text-slate-600">
            <span>{counterMin.toFixed(2)}x</span>
            <span aria-live="polite" className="font-semibold text-slate-900">
              {adjustmentLabel(draft.multiplier)}
            </span>
            <span>{counterMax.toFixed(2)}x</span>
          </div>
        </div>
      ) : null}
      {draft.decision === "APPROVED" || draft.decision === "COUNTER" ? (
        <DecisionTermsEditor
          value={draft.terms ?? EMPTY_TERMS}
          onChange={(terms) => onChange({ ...draft, terms })}
          issues={termsIssues}
          clauses={clauses}
        />
      ) : null}
      <NoteField
        id="uwNote"
        label="Underwriter Notes"
        hint={DECISION_NOTE_HINTS.uwNote}
        rows={4}
        value={draft.note}
        error={errors.note}
        onChange={(note) => onChange({ ...draft, note })}
      />
      <NoteField
        id="fileNote"
        label="Note for the file"
        hint={DECISION_NOTE_HINTS.fileNote}
        rows={3}
        value={draft.fileNote}
        error={errors.fileNote}
        onChange={(fileNote) => onChange({ ...draft, fileNote })}
      />
      <div>
        <Button type="submit" disabled={submitting || closed(draft.decision)}>
          {submitting ? "Submitting Decision..." : "Submit Decision"}
        </Button>
      </div>
    </form>
  );
}

/** A note with the words saying who reads it, and its error under it. */
function NoteField({
  id,
  label,
  hint,
  rows,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  rows: number;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      <Textarea
        id={id}
        rows={rows}
        value={value}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
