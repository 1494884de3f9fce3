import { COVER_LIMIT_OPTIONS, CUSTOM_COVER_LIMIT_MAX, CUSTOM_COVER_LIMIT_MIN, EXCESS_OPTIONS } from "@domain/constants";
import { formatDateGb, todayInLondon } from "@domain/format/dates";
import { EXCESS_OPTION_LABELS } from "@domain/format/excess";
import { formatGbpWhole, poundsToPence } from "@domain/money";
import { ADDITIONAL_COVERS, type AdditionalCover } from "@domain/quote/additional-covers";
import { POLICY_CHANGE_KEYS, type PolicyChangeKey, type PolicyChanges } from "@domain/quote/policy-changes";
import {
  type AdjustmentFiguresAnswer,
  adjustmentFiguresRequestSchema,
  adjustmentRequestSchema,
  type PolicyView,
} from "@domain/quote/policy-schema";
import type { ExcessOption } from "@domain/rating/input";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { DateInput } from "@web/components/ui/date-input";
import { Input, Textarea } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { Spinner } from "@web/components/ui/spinner";
import { useSingleFlight } from "@web/lib/single-flight";
import { Calculator } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { getAdjustmentFigures, useAdjustPolicy, useReferChange } from "../api/adjust-policy";
import { AdjustmentFigures } from "./adjustment-figures";
import {
  type AdjustmentValues,
  changedAnswers,
  coverWithoutLimit,
  listedCoverLimits,
  valuesFromAnswers,
} from "./adjustment-values";
import { describedBy, errorId, issuePath, sortProblems, usePolicyRefusal } from "./policy-form-problems";

type Field = "effectiveDate" | PolicyChangeKey;
type FieldProblems = Partial<Record<Field, string>>;

const DATE_ID = "adjustment-date";
const fieldId = (field: Field) => (field === "effectiveDate" ? DATE_ID : `adjustment-${field}`);

export const NOTHING_CHANGED = "Nothing has changed yet: change an answer to see what it does to the premium.";
export const ASK_AN_UNDERWRITER =
  "Send it to the underwriters: the policy stays as it is until one approves the change or declines it.";

/** "effectiveDate" and "changes.turnover" are fields; "changes" itself (nothing changes) is the form's own. */
const fieldOf = (path: string): Field | null => {
  if (path === "effectiveDate") return path;
  const key = path.startsWith("changes.") ? path.slice("changes.".length) : null;
  return key !== null && (POLICY_CHANGE_KEYS as readonly string[]).includes(key) ? (key as PolicyChangeKey) : null;
};
const zodProblems = (issues: readonly { path: PropertyKey[]; message: string }[]) =>
  sortProblems(
    issues.map((issue) => ({ path: issuePath(issue), message: issue.message })),
    fieldOf,
  );

/** Whole pounds as the product shows them, the policy's own amount offered even when no longer in the list. */
function poundOptions(listed: readonly number[], current: number | null) {
  const amounts = current !== null && current > 0 && !listed.includes(current) ? [...listed, current] : listed;
  return [...amounts]
    .sort((a, b) => a - b)
    .map((amount) => ({ value: String(amount), label: formatGbpWhole(poundsToPence(amount)) }));
}

const OTHER_AMOUNT = "other";
const OTHER_AMOUNT_HINT = `Minimum ${formatGbpWhole(poundsToPence(CUSTOM_COVER_LIMIT_MIN))}, Maximum ${formatGbpWhole(
  poundsToPence(CUSTOM_COVER_LIMIT_MAX),
)}`;

/** The limits step 7 offers for a cover: the listed ones and, but for D&O, another amount typed. */
function coverLimitOptions(cover: AdditionalCover, current: number | null) {
  const listed = poundOptions(listedCoverLimits(cover), cover.key === "directorsOfficers" ? current : null);
  return cover.key === "directorsOfficers"
    ? listed
    : [...listed, { value: OTHER_AMOUNT, label: "Other (specify amount)" }];
}

const EXCESS_SELECT_OPTIONS = EXCESS_OPTIONS.map((option) => ({ value: option, label: EXCESS_OPTION_LABELS[option] }));

interface Asked {
  effectiveDate: string;
  changes: PolicyChanges;
}

/**
 * The change dialog's form (docs/product/screens.md "Policy"): the date the change takes effect and the policy's
 * answers as they stand, then the server's figures for what was changed, then the change at the policy's version.
 * Only the answers changed are sent; every amount and rule is the server's answer. Fetched when the dialog first
 * opens, with its schema.
 */
export function AdjustPolicyForm({
  policy,
  onChanged,
  onClose,
  onBusy,
}: {
  policy: PolicyView;
  onChanged: (changed: PolicyView) => void;
  onClose: () => void;
  /** The change is on its way: the dialog stays open until it is answered. */
  onBusy: (busy: boolean) => void;
}) {
  const { policyNumber, period } = policy;
  // The earliest date and the answers as the dialog opened: they stay if the policy changes behind the dialog.
  const [earliest] = useState(policy.adjustFrom ?? period.inceptionDate);
  const [answers] = useState(policy.answers);
  // Cancelled, expired or renewed meanwhile: nothing more can be asked or confirmed here.
  const stillAdjustable = policy.adjustFrom !== null;
  const [effectiveDate, setEffectiveDate] = useState<string | null>(() => {
    const today = todayInLondon(new Date());
    return earliest > today ? earliest : today;
  });
  const [values, setValues] = useState<AdjustmentValues>(() => valuesFromAnswers(answers));
  const [shown, setShown] = useState<{ figures: AdjustmentFiguresAnswer; asked: Asked } | null>(null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [message, setMessage] = useState<string | null>(null);
  // Moves on with every edit: figures asked for before the latest edit are for answers no longer on screen.
  const edits = useRef(0);
  const adjust = useAdjustPolicy();
  const refer = useReferChange();
  // The figures come below a long form: they are brought into view, where the broker's eyes should go next.
  const figuresArea = useRef<HTMLDivElement>(null);
  const figuresShown = shown !== null;
  useEffect(() => {
    const area = figuresArea.current;
    // The dialog's own scroll, not the page's: the screen behind stays where the broker left it.
    const panel = area?.closest<HTMLElement>('[role="dialog"]');
    if (!figuresShown || !area || !panel) return;
    panel.scrollTop += area.getBoundingClientRect().top - panel.getBoundingClientRect().top - 16;
  }, [figuresShown]);
  const failed = usePolicyRefusal(
    policyNumber,
    fieldOf,
    (fields, other) => {
      if (fields) setProblems(fields);
      setMessage(other);
    },
    // The policy changed behind the dialog: the figures shown were for the policy as it was.
    () => setShown(null),
  );

  const edited = () => {
    edits.current += 1;
    setShown(null);
    setMessage(null);
  };
  const setDate = (date: string | null) => {
    edited();
    setEffectiveDate(date);
    setProblems((current) => ({ ...current, effectiveDate: undefined }));
  };
  const set = (next: Partial<AdjustmentValues>, fields: readonly Field[]) => {
    edited();
    setValues((current) => ({ ...current, ...next }));
    setProblems((current) => {
      const cleared = { ...current };
      for (const field of fields) delete cleared[field];
      return cleared;
    });
  };

  const [showFigures, asking] = useSingleFlight(async () => {
    const changes = changedAnswers(answers, values);
    if (Object.keys(changes).length === 0) {
      setProblems({});
      setMessage(NOTHING_CHANGED);
      return;
    }
    const missing = coverWithoutLimit(values);
    const parsed = adjustmentFiguresRequestSchema.safeParse({ effectiveDate: effectiveDate ?? undefined, changes });
    if (missing || !parsed.success) {
      const sorted = parsed.success ? { fields: {}, other: null } : zodProblems(parsed.error.issues);
      setProblems({
        ...sorted.fields,
        ...(missing ? { [missing.limit]: `Choose a limit for ${missing.label}` } : {}),
      });
      setMessage(sorted.other);
      return;
    }
    setProblems({});
    setMessage(null);
    const askedAt = edits.current;
    try {
      const figures = await getAdjustmentFigures(policyNumber, parsed.data);
      if (edits.current === askedAt) setShown({ figures, asked: parsed.data as Asked });
    } catch (error) {
      if (edits.current === askedAt) failed(error);
    }
  });

  /** Makes the change shown (it binds), or sends it to the underwriters (it refers). */
  const submitShown = async (write: typeof adjust.mutateAsync, binds: boolean) => {
    if (!shown || shown.figures.canBind !== binds) return;
    const parsed = adjustmentRequestSchema.safeParse({ ...shown.asked, expectedVersion: policy.version });
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
      onChanged(await write({ policyNumber, body: parsed.data }));
    } catch (error) {
      failed(error);
    } finally {
      onBusy(false);
    }
  };
  const [confirm, confirmingChange] = useSingleFlight(() => submitShown(adjust.mutateAsync, true));
  const [send, sending] = useSingleFlight(() => submitShown(refer.mutateAsync, false));
  const confirming = confirmingChange || sending;

  const busy = asking || confirming;
  const locked = confirming || !stillAdjustable;
  const figures = shown?.figures ?? null;
  const canConfirm = figures?.canBind === true;

  /** A labelled field with its error under it, described by both. */
  const field = (
    key: Field,
    label: string,
    control: (aria: ReturnType<typeof describedBy>) => ReactNode,
    hint?: string,
  ) => {
    const id = fieldId(key);
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        {control(describedBy(id, problems[key], hint ? `${id}-hint` : undefined))}
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
        <FieldError id={errorId(id)} message={problems[key]} />
      </div>
    );
  };
  const text = (key: "proposerName" | "tradingName" | "businessActivity", label: string) =>
    field(key, label, (aria) => (
      <Input
        id={fieldId(key)}
        value={values[key]}
        disabled={locked}
        onChange={(event) => set({ [key]: event.target.value }, [key])}
        {...aria}
      />
    ));

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!stillAdjustable) return;
        void (canConfirm ? confirm() : figures ? send() : showFigures());
      }}
    >
      {field(
        "effectiveDate",
        "Change takes effect from",
        (aria) => (
          <DateInput id={DATE_ID} value={effectiveDate} disabled={locked} onChange={setDate} {...aria} />
        ),
        `From ${formatDateGb(earliest)} to ${formatDateGb(period.expiryDate)}, as DD/MM/YYYY. A date before today goes to an underwriter.`,
      )}
      <fieldset className="grid gap-3" disabled={locked}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">The insured</legend>
        {text("proposerName", "Insured name")}
        {text("tradingName", "Trading name (optional)")}
        {field("businessAddress", "Business address", (aria) => (
          <Textarea
            id={fieldId("businessAddress")}
            rows={2}
            value={values.businessAddress}
            disabled={locked}
            onChange={(event) => set({ businessAddress: event.target.value }, ["businessAddress"])}
            {...aria}
          />
        ))}
        {text("businessActivity", "Business activity")}
        {field(
          "turnover",
          "Annual turnover (£)",
          (aria) => (
            <Input
              id={fieldId("turnover")}
              inputMode="numeric"
              value={values.turnover}
              disabled={locked}
              onChange={(event) => set({ turnover: event.target.value }, ["turnover"])}
              {...aria}
            />
          ),
          "Whole pounds, as declared for the year.",
        )}
      </fieldset>
      <fieldset className="grid gap-3" disabled={locked}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">The cover</legend>
        {field("coverLimitAggregate", "Limit of indemnity", (aria) => (
          <Select
            id={fieldId("coverLimitAggregate")}
            value={String(values.coverLimitAggregate)}
            disabled={locked}
            options={poundOptions(COVER_LIMIT_OPTIONS, answers.coverLimitAggregate)}
            onValueChange={(value) => set({ coverLimitAggregate: Number(value) }, ["coverLimitAggregate"])}
            aria-invalid={aria["aria-invalid"]}
          />
        ))}
        {field("excessDiscount", "Excess", (aria) => (
          <Select
            id={fieldId("excessDiscount")}
            value={values.excessDiscount}
            disabled={locked}
            options={EXCESS_SELECT_OPTIONS}
            onValueChange={(value) => set({ excessDiscount: value as ExcessOption }, ["excessDiscount"])}
            aria-invalid={aria["aria-invalid"]}
          />
        ))}
      </fieldset>
      <fieldset className="grid gap-1" disabled={locked}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Additional covers</legend>
        {ADDITIONAL_COVERS.map((cover) => {
          const ticked = values.covers[cover.flag];
          const limit = values.covers[cover.limit];
          const other = values.otherAmounts[cover.limit];
          const tickId = fieldId(cover.flag);
          const limitId = fieldId(cover.limit);
          const otherId = `${limitId}-other`;
          const limitProblem = problems[cover.limit] ?? problems[cover.flag];
          const withoutOther = () => {
            const { [cover.limit]: _dropped, ...rest } = values.otherAmounts;
            return rest;
          };
          return (
            <div key={cover.key} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <div className="flex min-h-10 items-center gap-2" data-testid="cover-tick-row">
                <Checkbox
                  id={tickId}
                  checked={ticked}
                  disabled={locked}
                  onCheckedChange={(checked) =>
                    // Unticking a cover clears its limit, as step 7 does.
                    set(
                      {
                        covers: { ...values.covers, [cover.flag]: checked === true, [cover.limit]: null },
                        otherAmounts: withoutOther(),
                      },
                      [cover.flag, cover.limit],
                    )
                  }
                />
                <Label htmlFor={tickId}>{cover.label}</Label>
              </div>
              {ticked ? (
                <div className="grid w-full gap-1 pb-2 sm:w-44 sm:pb-0">
                  <Select
                    id={limitId}
                    aria-label={`${cover.label} limit`}
                    placeholder="Choose a limit"
                    value={other !== undefined ? OTHER_AMOUNT : limit === null ? "" : String(limit)}
                    disabled={locked}
                    options={coverLimitOptions(cover, answers[cover.limit])}
                    onValueChange={(value) =>
                      value === OTHER_AMOUNT
                        ? set({ otherAmounts: { ...values.otherAmounts, [cover.limit]: "" } }, [cover.limit])
                        : set(
                            {
                              covers: { ...values.covers, [cover.limit]: Number(value) },
                              otherAmounts: withoutOther(),
                            },
                            [cover.limit],
                          )
                    }
                    aria-invalid={other === undefined && limitProblem ? true : undefined}
                  />
                  {other !== undefined ? (
                    <div className="grid gap-1">
                      <Label htmlFor={otherId} className="text-xs">
                        {cover.label}: amount (£)
                      </Label>
                      <Input
                        id={otherId}
                        inputMode="numeric"
                        value={other}
                        disabled={locked}
                        onChange={(event) =>
                          set({ otherAmounts: { ...values.otherAmounts, [cover.limit]: event.target.value } }, [
                            cover.limit,
                          ])
                        }
                        {...describedBy(otherId, limitProblem, `${otherId}-hint`)}
                      />
                      <p id={`${otherId}-hint`} className="text-xs text-slate-600">
                        {OTHER_AMOUNT_HINT}
                      </p>
                      <FieldError id={errorId(otherId)} message={limitProblem} />
                    </div>
                  ) : (
                    <FieldError id={errorId(limitId)} message={limitProblem} />
                  )}
                </div>
              ) : (
                <FieldError id={errorId(tickId)} message={problems[cover.flag]} />
              )}
            </div>
          );
        })}
      </fieldset>
      <div ref={figuresArea} aria-live="polite" className="grid gap-2">
        {figures ? (
          <>
            <AdjustmentFigures figures={figures} />
            {figures.canBind ? null : (
              <p className="text-sm font-medium text-amber-900" data-testid="adjustment-ask-underwriter">
                {ASK_AN_UNDERWRITER}
              </p>
            )}
          </>
        ) : (
          <Button
            type="button"
            variant="outline"
            disabled={busy || !stillAdjustable}
            onClick={() => void showFigures()}
          >
            {asking ? <Spinner /> : <Calculator aria-hidden="true" className="h-4 w-4" />}
            {asking ? "Working out the premium..." : "Show premium change"}
          </Button>
        )}
      </div>
      {message ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" disabled={confirming} onClick={onClose}>
          {stillAdjustable && (figures === null || canConfirm) ? "Keep as it is" : "Close"}
        </Button>
        {figures !== null && !canConfirm ? (
          <Button type="submit" disabled={busy || !stillAdjustable}>
            {sending ? "Sending..." : "Send to an underwriter"}
          </Button>
        ) : (
          <Button type="submit" disabled={!canConfirm || busy || !stillAdjustable}>
            {confirming ? "Changing..." : "Confirm change"}
          </Button>
        )}
      </div>
      {figures ? null : <p className="-mt-2 text-right text-xs text-slate-600">Show the premium change to confirm.</p>}
    </form>
  );
}
