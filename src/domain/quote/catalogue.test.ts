import { describe, expect, it } from "vitest";
import { DC_PI_RATING_CONFIG } from "../rating/configs/dc-pi";
import { activitySplitFields } from "./activity-split";
import {
  CONTRACTS_QUESTIONS,
  DECLARATION_DETAILS_QUESTIONS,
  DECLARATION_GROUPS,
  DESIGN_LIABILITY_QUESTIONS,
  findQuestion,
  INSUREDS_DETAILS_QUESTIONS,
  QUESTION_SECTION_KEYS,
  QUESTION_SECTIONS,
  QUESTIONS,
  type QuestionSectionKey,
  RECURRING_CONTRACT_QUESTIONS,
  recordLabel,
  sectionDocumentHeading,
  wizardLabel,
} from "./catalogue";
import { contractsFields, recurringContractSchema } from "./contracts";
import { declarationFields } from "./declaration";
import { designLiabilityFields } from "./design-liability";
import { ADDITIONAL_COVERS, additionalCoversFields, financialOverviewFields } from "./financial-overview";
import { insuredsDetailsFields } from "./insureds-details";
import { PREMIUM_LINES } from "./premium-lines";

/** The answers each step stores: the schema's fields, less what step 7 keeps in the same section. */
const STORED_ANSWERS: Record<QuestionSectionKey, readonly string[]> = {
  insuredsDetails: Object.keys(insuredsDetailsFields),
  financialOverview: Object.keys(financialOverviewFields).filter(
    (key) => key !== "coverLimitAggregate" && !Object.hasOwn(additionalCoversFields, key),
  ),
  designLiability: Object.keys(designLiabilityFields),
  activitySplit: Object.keys(activitySplitFields),
  contracts: [...Object.keys(contractsFields), ...Object.keys(recurringContractSchema.shape)],
  declaration: Object.keys(declarationFields),
};

const keysOf = (section: QuestionSectionKey) =>
  QUESTIONS.filter((question) => question.section === section).map((question) => question.key);

describe("question catalogue", () => {
  it("asks every answer steps 1 to 6 store, and nothing they do not", () => {
    for (const section of QUESTION_SECTION_KEYS) {
      expect(new Set(keysOf(section)), section).toEqual(new Set(STORED_ANSWERS[section]));
      expect(new Set(keysOf(section)).size, section).toBe(keysOf(section).length);
    }
  });

  it("lists the questions section by section in the wizard's order", () => {
    const steps = QUESTIONS.map((question) => QUESTION_SECTIONS[question.section].step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(QUESTION_SECTION_KEYS.map((key) => QUESTION_SECTIONS[key].step)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(keysOf("contracts").slice(0, 7)).toEqual([
      "hasRecurringContracts",
      "recurringContracts",
      ...Object.keys(RECURRING_CONTRACT_QUESTIONS),
    ]);
  });

  it("words every question, and never two questions of a section alike", () => {
    for (const question of QUESTIONS) {
      for (const text of [question.label, question.recordLabel, question.help, question.placeholder]) {
        if (text !== undefined) expect(text, question.key).toBe(text.trim());
      }
      expect(question.label.length, question.key).toBeGreaterThan(0);
      if (question.recordLabel !== undefined) expect(question.recordLabel).not.toBe(question.label);
    }
    for (const section of QUESTION_SECTION_KEYS) {
      const inSection = QUESTIONS.filter((question) => question.section === section);
      expect(new Set(inSection.map(wizardLabel)).size, section).toBe(inSection.length);
      expect(new Set(inSection.map(recordLabel)).size, section).toBe(inSection.length);
    }
  });

  it("asks every yes/no question as a question", () => {
    const yesNo = QUESTIONS.filter((question) => question.kind === "yesNo");
    expect(yesNo.length).toBe(28);
    for (const question of yesNo) expect(wizardLabel(question), question.key).toMatch(/\?$/);
  });

  it("marks what may be left empty and names a unit the wizard shows beside the label", () => {
    expect(wizardLabel(INSUREDS_DETAILS_QUESTIONS.tradingName)).toBe("Trading name (optional)");
    expect(recordLabel(INSUREDS_DETAILS_QUESTIONS.tradingName)).toBe("Trading name");
    expect(wizardLabel(DESIGN_LIABILITY_QUESTIONS.feesDesignSupervisory)).toBe(
      "Fees for design and supervisory work (£)",
    );
    expect(recordLabel(DESIGN_LIABILITY_QUESTIONS.feesDesignSupervisory)).toBe("Fees for design and supervisory work");
    expect(wizardLabel(RECURRING_CONTRACT_QUESTIONS.overallContractValue)).toBe("Overall contract value (optional)");
  });

  it("names an answer for its record where the wizard asks it differently", () => {
    expect(recordLabel(INSUREDS_DETAILS_QUESTIONS.incorporationDate)).toBe("Date of incorporation");
    expect(wizardLabel(INSUREDS_DETAILS_QUESTIONS.incorporationDate)).toBe("Incorporation date");
    expect(findQuestion("financialOverview", "turnover")).toMatchObject({
      label: "Annual revenue",
      recordLabel: "Annual turnover (revenue)",
      kind: "amount",
    });
    expect(findQuestion("financialOverview", "coverLimitAggregate")).toBeUndefined();
    expect(recordLabel(DECLARATION_DETAILS_QUESTIONS.designConstructDetails)).toBe(
      "Details of Design & Construct material facts",
    );
  });

  it("asks about each special area in the help of the special-areas question", () => {
    const special = CONTRACTS_QUESTIONS.specialAreaDetails;
    expect(special.options).toHaveLength(14);
    for (const area of special.options) expect(special.help).toContain(area.toLowerCase());
  });

  it("heads the statement of fact's sections by step", () => {
    expect(QUESTION_SECTION_KEYS.map(sectionDocumentHeading)).toEqual([
      "1. Insured's details",
      "2. Financial overview",
      "3. Design liability",
      "4. Activity split",
      "5. Contracts",
      "6. Declaration questions",
    ]);
  });

  it("names the premium's lines once for the screen and once for the schedule where it words them apart", () => {
    expect(Object.values(PREMIUM_LINES).map((line) => line.label)).toEqual([
      "Base Premium",
      "Subtotal (before taxes)",
      "Insurance Premium Tax (IPT)",
      "Premium (inclusive)",
    ]);
    expect(PREMIUM_LINES.totalPremium.documentLabel).toBe("Total premium payable (inclusive of IPT)");
  });
});

describe("D/C-PI reads the catalogue", () => {
  it("refers on every material fact, in the condition it was published with", () => {
    const rule = DC_PI_RATING_CONFIG.referralRules?.find((candidate) => candidate.code === "MATERIAL_FACTS");
    expect(rule?.condition).toBe(
      "hasMaterialFacts || asbestosOrEnvironmentalWork || contractsNotInWriting || collateralWarrantiesOrThirdPartyRights || everFailedToCompleteProject || pastContractsWithDesignLiability || doesNotExcludeIndirectLosses || businessActivitiesChanged || contractsNotAlwaysWritten || previousDisciplinaryAction || lackRelevantQualifications || noBackgroundCheckPolicy || requireCoverPreviousBusiness || awareOfCircumstances || significantFluctuations || insuranceDeclined || officesOutsideUK || previousClaims || criminalConvictions",
    );
    const materialFacts = DECLARATION_GROUPS.filter((group) => group.materialFacts).flatMap((group) =>
      group.questions.map((question) => question.key),
    );
    expect(rule?.condition.split(" || ").slice(1)).toEqual(materialFacts);
  });

  it("labels each cover's fee as the quote labels the cover", () => {
    expect(DC_PI_RATING_CONFIG.additionalCovers?.map((cover) => cover.label)).toEqual([
      "Directors' & Officers' Insurance",
      "Contents Insurance",
      "Business Equipment (Computers)",
      "Business Equipment (Specialist Equipment)",
      "Stock Insurance",
    ]);
    expect(DC_PI_RATING_CONFIG.additionalCovers?.map((cover) => cover.label)).toEqual(
      ADDITIONAL_COVERS.map((cover) => cover.label),
    );
  });
});
