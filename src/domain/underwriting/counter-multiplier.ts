/**
 * The counter offer's adjustment multiplier (docs/product/rating.md): its slider's stops and caption. Apart from
 * the decision's schema (decision.ts re-exports them) so the review screen shows the slider without zod.
 */
import {
  COUNTER_MULTIPLIER_DEFAULT,
  COUNTER_MULTIPLIER_MAX,
  COUNTER_MULTIPLIER_MIN,
  COUNTER_MULTIPLIER_STEP,
} from "../constants";

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

/** The slider's caption: 'No adjustment (1.00x)', '+10% adjustment (1.10x)', '-5% adjustment (0.95x)'. */
export function adjustmentLabel(multiplier: number): string {
  const snapped = snapCounterMultiplier(multiplier);
  const percentChange = Math.round((snapped - COUNTER_MULTIPLIER_DEFAULT) * 100);
  const factor = `${snapped.toFixed(2)}x`;
  if (percentChange === 0) return `No adjustment (${factor})`;
  return `${percentChange > 0 ? "+" : ""}${percentChange}% adjustment (${factor})`;
}
