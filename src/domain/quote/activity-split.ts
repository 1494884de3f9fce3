/**
 * Wizard step 4, "Activity Split" (docs/product/screens.md and docs/product/errors.md): the share of work in each professional activity.
 * The total is shown but, per docs/product/, not required to reach 100.
 */
import { z } from "zod";
import { isBlank, optionalText, percent, sumPercent } from "../validation";

export const ACTIVITY_SPLIT_MESSAGES = {
  otherDetails: "Please provide details for other activities",
} as const;

/** The 19 activities plus "other", in the order the wizard's table and the statement of fact list them. */
export const ACTIVITY_FIELDS = [
  { key: "professionalServices", label: "Professional services (project management, surveying, consultancy)" },
  { key: "architectureNewBuildDomesticPrivate", label: "Architecture: new build, private domestic dwellings" },
  { key: "architectureNewBuildDomesticMultiple", label: "Architecture: new build, multiple domestic dwellings" },
  { key: "architectureNewBuildCommercialPublic", label: "Architecture: new build, commercial and public buildings" },
  { key: "refurbishmentStructural", label: "Refurbishment: structural" },
  { key: "refurbishmentNonStructural", label: "Refurbishment: non-structural" },
  { key: "civilEngineering", label: "Civil engineering" },
  { key: "structuralEngineering", label: "Structural engineering" },
  { key: "soilFoundationEngineering", label: "Soil and foundation engineering" },
  { key: "electricalEngineering", label: "Electrical engineering" },
  { key: "heatingPlumbingVentilation", label: "Heating, plumbing and ventilation" },
  { key: "mechanicalEngineering", label: "Mechanical engineering" },
  { key: "processIndustrialEngineering", label: "Process and industrial engineering" },
  { key: "roofingFlooring", label: "Roofing and flooring" },
  { key: "fireProtectionSystems", label: "Fire protection systems" },
  { key: "accessControlsAlarms", label: "Access controls and alarms" },
  { key: "claddingFacades", label: "Cladding and facades" },
  { key: "landscapeGardenArchitecture", label: "Landscape and garden architecture" },
  { key: "renewableEnergyInstallations", label: "Renewable energy installations" },
  { key: "other", label: "Other" },
] as const;
export type ActivityField = (typeof ACTIVITY_FIELDS)[number]["key"];

const activityPercentFields = Object.fromEntries(ACTIVITY_FIELDS.map((field) => [field.key, percent().default(0)])) as {
  [K in ActivityField]: z.ZodDefault<ReturnType<typeof percent>>;
};

export const activitySplitFields = { ...activityPercentFields, otherDetails: optionalText() };

export const activitySplitSchema = z.strictObject(activitySplitFields).superRefine((value, ctx) => {
  if (value.other > 0 && isBlank(value.otherDetails)) {
    ctx.addIssue({ code: "custom", path: ["otherDetails"], message: ACTIVITY_SPLIT_MESSAGES.otherDetails });
  }
});
export type ActivitySplitInput = z.input<typeof activitySplitSchema>;
export type ActivitySplit = z.infer<typeof activitySplitSchema>;

/** The live total the wizard shows beside the table. */
export function activitySplitTotal(value: Partial<Record<ActivityField, number | null | undefined>>): number {
  return sumPercent(ACTIVITY_FIELDS.map((field) => value[field.key] ?? 0));
}
