import { describe, expect, it } from "vitest";
import { DECLARATION_GROUPS } from "./catalogue";
import {
  DECLARATION_ANSWERS,
  declarationDefaults,
  declarationSchema,
  groupHasYes,
  hasMaterialFacts,
  MATERIAL_FACT_ANSWERS,
} from "./declaration";

describe("declaration", () => {
  it("has the four groups of docs/product/screens.md with their questions in order", () => {
    expect(DECLARATION_GROUPS.map((group) => [group.key, group.questions.map((question) => question.key)])).toEqual([
      ["general", ["subcontractorInsuranceConfirmed", "requiresCoverForWaivedRights", "responsibleForManufacturing"]],
      [
        "designConstruct",
        [
          "asbestosOrEnvironmentalWork",
          "contractsNotInWriting",
          "collateralWarrantiesOrThirdPartyRights",
          "everFailedToCompleteProject",
          "pastContractsWithDesignLiability",
          "doesNotExcludeIndirectLosses",
        ],
      ],
      [
        "generalMaterialFacts",
        [
          "businessActivitiesChanged",
          "contractsNotAlwaysWritten",
          "previousDisciplinaryAction",
          "lackRelevantQualifications",
          "noBackgroundCheckPolicy",
          "requireCoverPreviousBusiness",
        ],
      ],
      [
        "businessMaterialFacts",
        [
          "awareOfCircumstances",
          "significantFluctuations",
          "insuranceDeclined",
          "officesOutsideUK",
          "previousClaims",
          "criminalConvictions",
        ],
      ],
    ]);
    expect(DECLARATION_GROUPS.every((group) => group.questions.every((question) => question.label.endsWith("?")))).toBe(
      true,
    );
  });

  it("treats only the three material-fact groups as material facts", () => {
    expect(DECLARATION_GROUPS.filter((group) => group.materialFacts).map((group) => group.key)).toEqual([
      "designConstruct",
      "generalMaterialFacts",
      "businessMaterialFacts",
    ]);
    expect(MATERIAL_FACT_ANSWERS).toHaveLength(18);
    expect(DECLARATION_ANSWERS).toHaveLength(21);
  });

  it("starts with subcontractor insurance confirmed and every other answer No, and requires nothing", () => {
    const defaults = declarationDefaults();
    expect(defaults.subcontractorInsuranceConfirmed).toBe(true);
    expect(DECLARATION_ANSWERS.filter((key) => defaults[key])).toEqual(["subcontractorInsuranceConfirmed"]);
    expect(declarationSchema.safeParse({}).success).toBe(true);
  });

  it("shows a group's details box when any of its answers is Yes", () => {
    expect(groupHasYes({ contractsNotInWriting: true }, "designConstruct")).toBe(true);
    expect(groupHasYes({ contractsNotInWriting: true }, "businessMaterialFacts")).toBe(false);
  });

  it("asks for additional information on any material-fact Yes, but not for the general group", () => {
    expect(hasMaterialFacts({ criminalConvictions: true })).toBe(true);
    expect(hasMaterialFacts({ requiresCoverForWaivedRights: true, responsibleForManufacturing: true })).toBe(false);
    expect(hasMaterialFacts(declarationDefaults())).toBe(false);
  });

  it("refuses unknown answers", () => {
    expect(declarationSchema.safeParse({ likesCake: true }).success).toBe(false);
  });
});
