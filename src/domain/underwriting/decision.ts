/**
 * The underwriter's decision on a referred quote (docs/product/life-cycle.md, docs/product/errors.md and docs/product/rating.md; docs/product/life-cycle.md).
 */
import { z } from "zod";
import {
  COUNTER_MULTIPLIER_DEFAULT,
  COUNTER_MULTIPLIER_MAX,
  COUNTER_MULTIPLIER_MIN,
  COUNTER_MULTIPLIER_STEP,
  UW_NOTE_MAX_LENGTH,
} from "../constants";
import { UNDERWRITER_DECISIONS, underwriterDecisionValueSchema } from "../quote/quote";
import { expectedVersionSchema } from "../quote/risk";

export { UNDERWRITER_DECISIONS };

export const UNDERWRITER_DECISION_MESSAGES = {
  multiplierRange: "Adjustment multiplier must be between 0.85 and 1.15 in steps of 0.01",
  multiplierRequired: "A counter offer needs an adjustment multiplier",
  multiplierOnlyForCounter: "An adjustment multiplier is sent only with a counter offer",
  uwNote: `Underwriter notes must be at most ${UW_NOTE_MAX_LENGTH} characters`,
} as const;

const M = UNDERWRITER_DECISION_MESSAGES;

/** True for 0.85, 0.86, ... 1.15: the slider's stops, tolerant of binary noise such as 1.1000000000000001. */
export function isValidCounterMultiplier(multiplier: number): boolean {
  if (!Number.isFinite(multiplier)) return false;
  const steps = multiplier / COUNTER_MULTIPLIER_STEP;
  const onStep = Math.abs(steps - Math.round(steps)) < 1e-6;
  return onStep && multiplier >= COUNTER_MULTIPLIER_MIN - 1e-9 && multiplier <= COUNTER_MULTIPLIER_MAX + 1e-9;
}

/** The slider's value snapped to its 0.01 step, so 1.1000000000000001 is stored as 1.1. */
export function snapCounterMultiplier(multiplier: number): number {
  return Math.round(multiplier / COUNTER_MULTIPLIER_STEP) / Math.round(1 / COUNTER_MULTIPLIER_STEP);
}

export const underwriterDecisionSchema = z
  .strictObject({
    decision: underwriterDecisionValueSchema,
    adjustmentMultiplier: z
      .number({ error: M.multiplierRange })
      .refine(isValidCounterMultiplier, M.multiplierRange)
      .transform(snapCounterMultiplier)
      .nullish(),
    uwNote: z.string().trim().max(UW_NOTE_MAX_LENGTH, M.uwNote).nullish(),
    expectedVersion: expectedVersionSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const hasMultiplier = value.adjustmentMultiplier !== undefined && value.adjustmentMultiplier !== null;
    if (value.decision === "COUNTER" && !hasMultiplier) {
      ctx.addIssue({ code: "custom", path: ["adjustmentMultiplier"], message: M.multiplierRequired });
    }
    if (value.decision !== "COUNTER" && hasMultiplier) {
      ctx.addIssue({ code: "custom", path: ["adjustmentMultiplier"], message: M.multiplierOnlyForCounter });
    }
  });
export type UnderwriterDecisionInput = z.input<typeof underwriterDecisionSchema>;
export type UnderwriterDecision = z.infer<typeof underwriterDecisionSchema>;

/** The slider's caption: 'No adjustment (1.00x)', '+10% adjustment (1.10x)', '-5% adjustment (0.95x)'. */
export function adjustmentLabel(multiplier: number): string {
  const snapped = snapCounterMultiplier(multiplier);
  const percentChange = Math.round((snapped - COUNTER_MULTIPLIER_DEFAULT) * 100);
  const factor = `${snapped.toFixed(2)}x`;
  if (percentChange === 0) return `No adjustment (${factor})`;
  return `${percentChange > 0 ? "+" : ""}${percentChange}% adjustment (${factor})`;
}
