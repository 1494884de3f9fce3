/**
 * Business constants of docs/product/rating.md (and the few docs/product/ adds). Every number the product shows or
 * enforces lives here once, so the server, the wizard and the documents cannot drift apart.
 * Amounts are whole pounds unless the name says pence; durations say their unit.
 */

export const PRODUCT_NAME = "PI Quote Engine";

/** The design-and-construct PI product the wizard quotes, and the default code of a draft payload. */
export const DC_PI_PRODUCT_CODE = "D/C-PI";
export const DEFAULT_PRODUCT_CODE = "PI001";
export const PRODUCT_CODES = [DC_PI_PRODUCT_CODE, DEFAULT_PRODUCT_CODE] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

/** The rating version id a draft payload carries; the server ignores it (docs/product/permissions.md). */
export const DRAFT_RATING_VERSION_ID = "default-version";

// Cover limits
export const MINIMUM_COVER_LIMIT = 250_000;
export const COVER_LIMIT_OPTIONS = [250_000, 500_000, 1_000_000, 2_000_000, 5_000_000] as const;
export const DEFAULT_COVER_LIMIT = 1_000_000;
export const DEFAULT_TURNOVER = 500_000;
export const DEFAULT_LARGEST_PROJECT_VALUE = 100_000;
export const DEFAULT_SUM_INSURED = 1_000_000;
export const DEFAULT_CLAIMS_LAST_3_YEARS = 0;
export const DEFAULT_EMPLOYEES = 1;

// Turnover bands (docs/product/rating.md): representative turnover per band and the reverse-mapping thresholds.
export const TURNOVER_BANDS = ["up_to_500k", "500k_to_1m", "1m_to_1_5m", "1_5m_to_2m"] as const;
export type TurnoverBand = (typeof TURNOVER_BANDS)[number];
export const TURNOVER_BAND_REPRESENTATIVE_VALUES: Readonly<Record<TurnoverBand, number>> = {
  up_to_500k: 400_000,
  "500k_to_1m": 750_000,
  "1m_to_1_5m": 1_250_000,
  "1_5m_to_2m": 1_750_000,
};
/** Upper bounds (inclusive) of the first three bands; anything above the last is the top band. */
export const TURNOVER_BAND_THRESHOLDS = [500_000, 1_000_000, 1_500_000] as const;

// Premium
/** Insurance premium tax, percent (the client-side default; rating versions carry their own taxesPct). */
export const TAX_RATE_PERCENT = 12;
export const PLACEHOLDER_BASE_PREMIUM = 480;
export const POLICY_PERIOD_MONTHS = 12;
export const POLICY_PERIOD_LABEL = "12 Months";

// Excess (docs/product/rating.md)
export const EXCESS_OPTIONS = ["standard", "2x", "5x"] as const;
export const EXCESS_FACTORS = { standard: 1, "2x": 0.85, "5x": 0.75 } as const;
export const EXCESS_MULTIPLES = { standard: 1, "2x": 2, "5x": 5 } as const;
/** Excess shown by cover limit: up to each limit (inclusive) the amount; above the last, the top amount. */
export const EXCESS_AMOUNT_BANDS = [
  { upToCoverLimit: 500_000, amount: 1_000 },
  { upToCoverLimit: 1_000_000, amount: 1_500 },
] as const;
export const EXCESS_AMOUNT_ABOVE_BANDS = 2_500;

// Additional covers
export const DIRECTORS_OFFICERS_LIMIT_OPTIONS = [100_000, 250_000, 500_000, 1_000_000] as const;
export const OTHER_COVER_LIMIT_MIN_OPTION = 5_000;
export const OTHER_COVER_LIMIT_MAX_OPTION = 50_000;
export const OTHER_COVER_LIMIT_STEP = 5_000;
/** 5,000 to 50,000 in steps of 5,000. */
export const OTHER_COVER_LIMIT_OPTIONS: readonly number[] = Array.from(
  { length: (OTHER_COVER_LIMIT_MAX_OPTION - OTHER_COVER_LIMIT_MIN_OPTION) / OTHER_COVER_LIMIT_STEP + 1 },
  (_, index) => OTHER_COVER_LIMIT_MIN_OPTION + index * OTHER_COVER_LIMIT_STEP,
);
export const CUSTOM_COVER_LIMIT_MIN = 1_000;
export const CUSTOM_COVER_LIMIT_MAX = 1_000_000;

// Percent inputs
export const PERCENT_SUM_TOLERANCE = 0.01;
export const PERCENT_MIN = 0;
export const PERCENT_MAX = 100;
export const PERCENT_INPUT_STEP = 0.1;
export const FEE_INPUT_STEP = 1_000;

// Underwriter counter offer
export const COUNTER_MULTIPLIER_MIN = 0.85;
export const COUNTER_MULTIPLIER_MAX = 1.15;
export const COUNTER_MULTIPLIER_STEP = 0.01;
export const COUNTER_MULTIPLIER_DEFAULT = 1;
export const UW_NOTE_MAX_LENGTH = 4_000;

// Company search
export const COMPANY_SEARCH_MIN_CHARS = 2;
export const COMPANY_SEARCH_DEBOUNCE_MS = 300;
export const COMPANY_SEARCH_CACHE_MS = 5 * 60 * 1_000;

// Toasts and tooltips
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_HOTKEY = "F8";
export const TOAST_VIEWPORT_MAX_WIDTH_PX = 420;
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const NOTIFICATION_BADGE_COUNT = 3;

// Documents
export const DOCUMENT_TYPES = ["statementOfFact", "policySchedule", "dcPolicyWording"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_COUNT = DOCUMENT_TYPES.length;
export const DC_WORDING_FILE_NAME = "First_Underwriting_D&C_PI_Wording.pdf";
export const ZIP_DEFLATE_LEVEL = 6;

// Life cycle (docs/product/life-cycle.md and docs/product/documents.md)
export const QUOTE_VALIDITY_DAYS = 30;
export const REVIEW_TOKEN_VALIDITY_DAYS = 14;
export const QUOTE_REFERENCE_PREFIX = "DCPI-";
export const QUOTE_REFERENCE_DIGITS = 6;

// Lists (docs/product/permissions.md)
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/**
 * Largest amount in pounds any form accepts (turnover, project and contract values, fees, cover limits):
 * £1 trillion, far beyond any insured, and small enough that every amount is an exact integer in pence.
 */
export const MAX_DECLARED_AMOUNT = 1_000_000_000_000;
export const MAX_DECLARED_AMOUNT_MESSAGE = "Must be at most £1,000,000,000,000";

/** Longest free text a form field accepts (business activity has its own, tighter, limit). */
export const BUSINESS_ACTIVITY_MAX_LENGTH = 200;
export const SHORT_TEXT_MAX_LENGTH = 500;
export const LONG_TEXT_MAX_LENGTH = 4_000;

/** `DCPI-` + the sequence number zero-padded to 6 digits: 42 -> "DCPI-000042". */
export function formatQuoteReference(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`A quote reference needs a positive integer sequence: ${sequence}`);
  }
  return `${QUOTE_REFERENCE_PREFIX}${String(sequence).padStart(QUOTE_REFERENCE_DIGITS, "0")}`;
}

export const QUOTE_REFERENCE_PATTERN = /^DCPI-\d{6,}$/;

/** The insurer named on every document, and the previous insurer a renewal of a first policy records. */
export const INSURER_NAME = "First Underwriting";
