/**
 * The premium's lines as every screen, the worksheet, the audit log and the documents name them. Apart from the
 * question catalogue (catalogue.ts), whose some 4 KB of questions a screen that only shows a premium does not need.
 */
export interface PremiumLineText {
  /** As step 7's Premium Calculation card, the worksheet and the audit log show it. */
  readonly label: string;
  /** As the schedule prints it, where that differs. */
  readonly documentLabel?: string;
}

/** The lines of a premium, in the order they are added up (fees, each with its own label, follow the base). */
export const PREMIUM_LINES = {
  basePremium: { label: "Base Premium", documentLabel: "Base premium" },
  subtotal: { label: "Subtotal (before taxes)" },
  taxes: { label: "Insurance Premium Tax (IPT)" },
  totalPremium: { label: "Premium (inclusive)", documentLabel: "Total premium payable (inclusive of IPT)" },
} as const satisfies Record<string, PremiumLineText>;
