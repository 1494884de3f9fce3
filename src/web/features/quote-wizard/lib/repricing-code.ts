import { onFirstUse } from "@web/lib/on-first-use";

/**
 * Whether an edit would price the quote differently (./reprice: the rating input's derivation) is asked only when
 * a step saves a change to a completed quote, so it is fetched when the broker comes to a step's form, not with
 * the wizard (docs/decisions/0056).
 */
export const repricingCode = onFirstUse(() => import("./reprice"));
