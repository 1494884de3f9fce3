/**
 * The five optional covers of step 7, kept in the financial overview object. Apart from financial-overview.ts,
 * the section's schema, so that step 7 and the dashboard load no zod for them (ADR 0056).
 */

/** The five optional covers of step 7: the tick field, its limit field and the label the quote shows. */
export const ADDITIONAL_COVERS = [
  {
    key: "directorsOfficers",
    flag: "hasDirectorsOfficersInsurance",
    limit: "directorsOfficersLimit",
    label: "Directors' & Officers' Insurance",
  },
  { key: "contents", flag: "hasContentsInsurance", limit: "contentsLimit", label: "Contents Insurance" },
  {
    key: "businessEquipmentComputers",
    flag: "hasBusinessEquipmentComputers",
    limit: "businessEquipmentComputersLimit",
    label: "Business Equipment (Computers)",
  },
  {
    key: "businessEquipmentSpecialist",
    flag: "hasBusinessEquipmentSpecialist",
    limit: "businessEquipmentSpecialistLimit",
    label: "Business Equipment (Specialist Equipment)",
  },
  { key: "stockContents", flag: "hasStockContents", limit: "stockContentsLimit", label: "Stock Insurance" },
] as const;
export type AdditionalCover = (typeof ADDITIONAL_COVERS)[number];
export type AdditionalCoverFlag = AdditionalCover["flag"];
export type AdditionalCoverLimit = AdditionalCover["limit"];

/**
 * The limit a cover contributes: its limit when ticked, else 0. Unticking clears the limit (docs/product/screens.md),
 * so a stale limit on an unticked cover never reaches rating.
 */
export function additionalCoverLimit(
  covers: Partial<Record<AdditionalCoverFlag, boolean | null | undefined>> &
    Partial<Record<AdditionalCoverLimit, number | null | undefined>>,
  cover: AdditionalCover,
): number {
  return covers[cover.flag] === true ? (covers[cover.limit] ?? 0) : 0;
}
