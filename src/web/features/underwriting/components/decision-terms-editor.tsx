import type { Clause } from "@domain/underwriting/terms";
import {
  SUBJECTIVITY_TIMING_LABELS,
  SUBJECTIVITY_TIMINGS,
  type SubjectivityTiming,
} from "@domain/underwriting/terms-rules";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { Input } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { Plus, Trash2 } from "lucide-react";

export interface SubjectivityDraft {
  key: number;
  text: string;
  timing: SubjectivityTiming | "";
  dueDate: string;
}

export interface TermsDraft {
  endorsements: string[];
  subjectivities: SubjectivityDraft[];
}

export const EMPTY_TERMS: TermsDraft = { endorsements: [], subjectivities: [] };

/** The decision body's terms, as the domain's schema reads them. */
export function termsBody(terms: TermsDraft) {
  return {
    endorsements: terms.endorsements,
    subjectivities: terms.subjectivities.map(({ text, timing, dueDate }) => ({
      text,
      timing: timing === "" ? undefined : timing,
      dueDate,
    })),
  };
}

const TIMING_OPTIONS = SUBJECTIVITY_TIMINGS.map((value) => ({ value, label: SUBJECTIVITY_TIMING_LABELS[value] }));
let nextKey = 1;

/**
 * Clauses from the library and subjectivities for an approval or a counter offer (docs/product/screens.md).
 * `issues` are the schema's messages by path ("subjectivities.0.text"), shown under their field.
 */
export function DecisionTermsEditor({
  value,
  onChange,
  issues,
  clauses,
}: {
  value: TermsDraft;
  onChange: (value: TermsDraft) => void;
  issues: Readonly<Record<string, string>>;
  /** The endorsement library; undefined while it loads. */
  clauses: readonly Clause[] | undefined;
}) {
  const setRow = (index: number, row: Partial<SubjectivityDraft>) =>
    onChange({
      ...value,
      subjectivities: value.subjectivities.map((s, i) => (i === index ? { ...s, ...row } : s)),
    });
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Endorsements</legend>
        {clauses === undefined ? <p className="text-sm text-slate-600">Loading the endorsement library...</p> : null}
        <ul className="grid gap-1.5">
          {(clauses ?? []).map((clause) => {
            const id = `clause-${clause.code}`;
            const checked = value.endorsements.includes(clause.code);
            return (
              <li key={clause.code} className="flex items-start gap-2">
                <Checkbox
                  id={id}
                  checked={checked}
                  onCheckedChange={(on) =>
                    onChange({
                      ...value,
                      endorsements: on
                        ? [...value.endorsements, clause.code]
                        : value.endorsements.filter((code) => code !== clause.code),
                    })
                  }
                />
                <Label htmlFor={id} className="font-normal leading-tight">
                  <span className="font-medium">{clause.code}</span> - {clause.title}
                </Label>
              </li>
            );
          })}
        </ul>
        <FieldError id="endorsements-error" message={issues.endorsements} />
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Subjectivities</legend>
        {value.subjectivities.map((row, index) => {
          const at = (field: string) => issues[`subjectivities.${index}.${field}`];
          const id = (field: string) => `subjectivity-${row.key}-${field}`;
          return (
            <div key={row.key} className="grid gap-2 rounded-md border border-slate-200 p-3">
              <div className="grid gap-1">
                <Label htmlFor={id("text")}>Subjectivity {index + 1}</Label>
                <Input
                  id={id("text")}
                  value={row.text}
                  aria-invalid={Boolean(at("text"))}
                  aria-describedby={at("text") ? id("text-error") : undefined}
                  onChange={(event) => setRow(index, { text: event.target.value })}
                />
                <FieldError id={id("text-error")} message={at("text")} />
              </div>
              <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                <div className="grid gap-1">
                  <Label htmlFor={id("timing")}>To be met</Label>
                  <Select
                    id={id("timing")}
                    value={row.timing}
                    placeholder="Choose when"
                    options={TIMING_OPTIONS}
                    aria-invalid={Boolean(at("timing"))}
                    onValueChange={(timing) => setRow(index, { timing: timing as SubjectivityTiming })}
                  />
                  <FieldError id={id("timing-error")} message={at("timing")} />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={id("due")}>Due date</Label>
                  <Input
                    id={id("due")}
                    type="date"
                    value={row.dueDate}
                    aria-invalid={Boolean(at("dueDate"))}
                    onChange={(event) => setRow(index, { dueDate: event.target.value })}
                  />
                  <FieldError id={id("due-error")} message={at("dueDate")} />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  aria-label={`Remove subjectivity ${index + 1}`}
                  onClick={() =>
                    onChange({ ...value, subjectivities: value.subjectivities.filter((_, i) => i !== index) })
                  }
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  Remove
                </Button>
              </div>
            </div>
          );
        })}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              onChange({
                ...value,
                subjectivities: [...value.subjectivities, { key: nextKey++, text: "", timing: "", dueDate: "" }],
              })
            }
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add subjectivity
          </Button>
        </div>
        <FieldError id="subjectivities-error" message={issues.subjectivities} />
      </fieldset>
    </div>
  );
}
