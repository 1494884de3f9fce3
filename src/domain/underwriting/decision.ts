/**
 * The underwriter's decision on a referred quote (docs/product/life-cycle.md, docs/product/errors.md and docs/product/rating.md; docs/product/life-cycle.md).
 */
import { z } from "zod";
import { UW_NOTE_MAX_LENGTH } from "../constants";
import { UNDERWRITER_DECISIONS, underwriterDecisionValueSchema } from "../quote/quote";
import { expectedVersionSchema } from "../quote/risk";
import { isValidCounterMultiplier, snapCounterMultiplier } from "./counter-multiplier";
import { decisionTermsFields, termsIssue } from "./terms";

export { adjustmentLabel, isValidCounterMultiplier, snapCounterMultiplier } from "./counter-multiplier";
export { UNDERWRITER_DECISIONS };

export const UNDERWRITER_DECISION_MESSAGES = {
  multiplierRange: "Adjustment multiplier must be between 0.85 and 1.15 in steps of 0.01",
  multiplierRequired: "A counter offer needs an adjustment multiplier",
  multiplierOnlyForCounter: "An adjustment multiplier is sent only with a counter offer",
  uwNote: `Underwriter notes must be at most ${UW_NOTE_MAX_LENGTH} characters`,
  fileNote: `The note for the file must be at most ${UW_NOTE_MAX_LENGTH} characters`,
  declineReason: "Say why the quote is declined: the broker and the client read it",
} as const;

const M = UNDERWRITER_DECISION_MESSAGES;

export const underwriterDecisionSchema = z
  .strictObject({
    decision: underwriterDecisionValueSchema,
    adjustmentMultiplier: z
      .number({ error: M.multiplierRange })
      .refine(isValidCounterMultiplier, M.multiplierRange)
      .transform(snapCounterMultiplier)
      .nullish(),
    uwNote: z.string().trim().max(UW_NOTE_MAX_LENGTH, M.uwNote).nullish(),
    fileNote: z.string().trim().max(UW_NOTE_MAX_LENGTH, M.fileNote).nullish(),
    expectedVersion: expectedVersionSchema.optional(),
    ...decisionTermsFields,
  })
  .superRefine((value, ctx) => {
    const hasMultiplier = value.adjustmentMultiplier !== undefined && value.adjustmentMultiplier !== null;
    if (value.decision === "COUNTER" && !hasMultiplier) {
      ctx.addIssue({ code: "custom", path: ["adjustmentMultiplier"], message: M.multiplierRequired });
    }
    if (value.decision !== "COUNTER" && hasMultiplier) {
      ctx.addIssue({ code: "custom", path: ["adjustmentMultiplier"], message: M.multiplierOnlyForCounter });
    }
    // A decline ends the client's quote: they are owed the reason, in the note that reaches them.
    if (value.decision === "DECLINED" && !value.uwNote) {
      ctx.addIssue({ code: "custom", path: ["uwNote"], message: M.declineReason });
    }
    const terms = termsIssue(value);
    if (terms) ctx.addIssue({ code: "custom", ...terms });
  });
export type UnderwriterDecisionInput = z.input<typeof underwriterDecisionSchema>;
export type UnderwriterDecision = z.infer<typeof underwriterDecisionSchema>;
