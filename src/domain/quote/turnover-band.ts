/**
 * Step 7 "Revenue Classification" (docs/product/screens.md and docs/product/rating.md): the turnover band rates the quote.
 * Its schema, `turnoverBandSchema`, is in risk.ts: step 7 shows the bands without loading zod (ADR 0056).
 */
import { TURNOVER_BANDS, type TurnoverBand } from "../constants";

export { TURNOVER_BANDS, type TurnoverBand };

export const TURNOVER_BAND_MESSAGE = "Please select a turnover band";

export const TURNOVER_BAND_LABELS: Readonly<Record<TurnoverBand, string>> = {
  up_to_500k: "Revenue up to £500k",
  "500k_to_1m": "£500k – £1m",
  "1m_to_1_5m": "£1m – £1.5m",
  "1_5m_to_2m": "£1.5m to £2m",
};
