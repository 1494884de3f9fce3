import { describe, expect, it } from "vitest";
import * as C from "./constants";

describe("business constants of docs/product/rating.md", () => {
  it("names the product and its codes", () => {
    expect(C.PRODUCT_NAME).toBe("PI Quote Engine");
    expect(C.DC_PI_PRODUCT_CODE).toBe("D/C-PI");
    expect(C.DEFAULT_PRODUCT_CODE).toBe("PI001");
    expect(C.DRAFT_RATING_VERSION_ID).toBe("default-version");
  });

  it("holds the cover limits and fallback defaults", () => {
    expect(C.MINIMUM_COVER_LIMIT).toBe(250_000);
    expect(C.COVER_LIMIT_OPTIONS).toEqual([250_000, 500_000, 1_000_000, 2_000_000, 5_000_000]);
    expect(C.DEFAULT_COVER_LIMIT).toBe(1_000_000);
    expect(C.DEFAULT_TURNOVER).toBe(500_000);
    expect(C.DEFAULT_LARGEST_PROJECT_VALUE).toBe(100_000);
    expect(C.DEFAULT_SUM_INSURED).toBe(1_000_000);
    expect(C.DEFAULT_CLAIMS_LAST_3_YEARS).toBe(0);
    expect(C.DEFAULT_EMPLOYEES).toBe(1);
  });

  it("maps turnover bands to representative values with the reverse thresholds", () => {
    expect(C.TURNOVER_BANDS).toEqual(["up_to_500k", "500k_to_1m", "1m_to_1_5m", "1_5m_to_2m"]);
    expect(C.TURNOVER_BAND_REPRESENTATIVE_VALUES).toEqual({
      up_to_500k: 400_000,
      "500k_to_1m": 750_000,
      "1m_to_1_5m": 1_250_000,
      "1_5m_to_2m": 1_750_000,
    });
    expect(C.TURNOVER_BAND_THRESHOLDS).toEqual([500_000, 1_000_000, 1_500_000]);
  });

  it("holds tax, placeholder premium, policy period and excess figures", () => {
    expect(C.TAX_RATE_PERCENT).toBe(12);
    expect(C.PLACEHOLDER_BASE_PREMIUM).toBe(480);
    expect(C.POLICY_PERIOD_MONTHS).toBe(12);
    expect(C.POLICY_PERIOD_LABEL).toBe("12 Months");
    expect(C.EXCESS_OPTIONS).toEqual(["standard", "2x", "5x"]);
    expect(C.EXCESS_FACTORS).toEqual({ standard: 1, "2x": 0.85, "5x": 0.75 });
    expect(C.EXCESS_MULTIPLES).toEqual({ standard: 1, "2x": 2, "5x": 5 });
    expect(C.EXCESS_AMOUNT_BANDS).toEqual([
      { upToCoverLimit: 500_000, amount: 1_000 },
      { upToCoverLimit: 1_000_000, amount: 1_500 },
    ]);
    expect(C.EXCESS_AMOUNT_ABOVE_BANDS).toBe(2_500);
  });

  it("lists additional-cover limits", () => {
    expect(C.DIRECTORS_OFFICERS_LIMIT_OPTIONS).toEqual([100_000, 250_000, 500_000, 1_000_000]);
    expect(C.OTHER_COVER_LIMIT_OPTIONS).toEqual([
      5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 35_000, 40_000, 45_000, 50_000,
    ]);
    expect(C.CUSTOM_COVER_LIMIT_MIN).toBe(1_000);
    expect(C.CUSTOM_COVER_LIMIT_MAX).toBe(1_000_000);
  });

  it("holds input, counter-offer, search, toast and tooltip limits", () => {
    expect(C.PERCENT_SUM_TOLERANCE).toBe(0.01);
    expect([C.PERCENT_MIN, C.PERCENT_MAX, C.PERCENT_INPUT_STEP, C.FEE_INPUT_STEP]).toEqual([0, 100, 0.1, 1_000]);
    expect([C.COUNTER_MULTIPLIER_MIN, C.COUNTER_MULTIPLIER_MAX]).toEqual([0.85, 1.15]);
    expect([C.COUNTER_MULTIPLIER_STEP, C.COUNTER_MULTIPLIER_DEFAULT]).toEqual([0.01, 1]);
    expect(C.COMPANY_SEARCH_MIN_CHARS).toBe(2);
    expect(C.COMPANY_SEARCH_DEBOUNCE_MS).toBe(300);
    expect(C.COMPANY_SEARCH_CACHE_MS).toBe(300_000);
    expect(C.TOAST_LIMIT).toBe(1);
    expect(C.TOAST_DURATION_MS).toBe(5_000);
    expect(C.TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(C.TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(C.TOAST_VIEWPORT_HOTKEY).toBe("F8");
    expect(C.TOAST_VIEWPORT_MAX_WIDTH_PX).toBe(420);
    expect(C.TOOLTIP_OPEN_DELAY_MS).toBe(700);
    expect(C.TOOLTIP_SKIP_DELAY_MS).toBe(300);
    expect(C.NOTIFICATION_BADGE_COUNT).toBe(3);
  });

  it("holds document, validity and list figures", () => {
    expect(C.DOCUMENT_TYPES).toEqual(["statementOfFact", "policySchedule", "dcPolicyWording"]);
    expect(C.DOCUMENT_TYPE_COUNT).toBe(3);
    expect(C.DC_WORDING_FILE_NAME).toBe("First_Underwriting_D&C_PI_Wording.pdf");
    expect(C.ZIP_DEFLATE_LEVEL).toBe(6);
    expect(C.QUOTE_VALIDITY_DAYS).toBe(30);
    expect(C.REVIEW_TOKEN_VALIDITY_DAYS).toBe(14);
    expect(C.DEFAULT_PAGE_SIZE).toBe(25);
    expect(C.MAX_PAGE_SIZE).toBe(100);
  });

  it("formats quote references as DCPI- and six digits", () => {
    expect(C.formatQuoteReference(42)).toBe("DCPI-000042");
    expect(C.formatQuoteReference(999_999)).toBe("DCPI-999999");
    expect(C.QUOTE_REFERENCE_PATTERN.test("DCPI-000042")).toBe(true);
    expect(C.QUOTE_REFERENCE_PATTERN.test("DCPI-42")).toBe(false);
    expect(() => C.formatQuoteReference(0)).toThrow(RangeError);
    expect(() => C.formatQuoteReference(1.5)).toThrow(RangeError);
  });
});
