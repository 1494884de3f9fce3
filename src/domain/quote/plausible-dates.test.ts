import { describe, expect, it } from "vitest";
import { contractsSchemaOn } from "./contracts";
import { insuredsDetailsSchemaOn } from "./insureds-details";
import { contractDateIssues, insuredDateIssues, PLAUSIBLE_DATE_MESSAGES as M, shiftYears } from "./plausible-dates";

const TODAY = "2026-11-23";

describe("plausible dates", () => {
  it("shifts by whole years, 29 February becoming 28 February", () => {
    expect(shiftYears("2026-11-23", -1)).toBe("2025-11-23");
    expect(shiftYears("2028-02-29", 1)).toBe("2029-02-28");
  });

  it("accepts an inception from one year back to two years ahead, and nothing outside", () => {
    for (const inceptionDate of ["2025-11-23", TODAY, "2028-11-23"]) {
      expect(insuredDateIssues({ inceptionDate }, TODAY)).toEqual([]);
    }
    for (const inceptionDate of ["1900-01-01", "2025-11-22", "2028-11-24", "9999-12-31"]) {
      expect(insuredDateIssues({ inceptionDate }, TODAY)).toEqual([
        { path: ["inceptionDate"], message: M.inceptionDate },
      ]);
    }
  });

  it("refuses an incorporation or trading start in the future or before 1800", () => {
    expect(insuredDateIssues({ incorporationDate: TODAY, tradingSince: "1800-01-01" }, TODAY)).toEqual([]);
    expect(insuredDateIssues({ incorporationDate: "2026-11-24", tradingSince: "1799-12-31" }, TODAY)).toEqual([
      { path: ["incorporationDate"], message: M.incorporationDate },
      { path: ["tradingSince"], message: M.tradingSince },
    ]);
  });

  it("refuses a contract start before 1900 or more than five years ahead", () => {
    const contracts = (startDate: string) => ({ recurringContracts: [{ startDate }] });
    expect(contractDateIssues(contracts("1900-01-01"), TODAY)).toEqual([]);
    expect(contractDateIssues(contracts("2031-11-23"), TODAY)).toEqual([]);
    for (const startDate of ["1899-12-31", "2031-11-24", "9999-01-01"]) {
      expect(contractDateIssues(contracts(startDate), TODAY)).toEqual([
        { path: ["recurringContracts", 0, "startDate"], message: M.startDate },
      ]);
    }
  });

  it("leaves dates that are not dates to the schemas, and the forms' schemas report the rule on the field", () => {
    expect(insuredDateIssues({ inceptionDate: "", incorporationDate: null }, TODAY)).toEqual([]);
    const insured = insuredsDetailsSchemaOn(TODAY).safeParse({
      proposerName: "Acme",
      businessActivity: "Architects",
      businessAddress: "1 High Street",
      inceptionDate: "9999-12-31",
      numberOfDirectors: 1,
      numberOfQualifiedStaff: 0,
      hasFinancialInterest: true,
    });
    expect(insured.success).toBe(false);
    // Shown together with the other step-1 rules, not only once they pass.
    expect(insured.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "financialInterestDetails",
      "inceptionDate",
    ]);
    const contracts = contractsSchemaOn(TODAY).safeParse({
      hasRecurringContracts: true,
      recurringContracts: [{ clientName: "Leeds", valueToFirm: 1, scopeOfWork: "Design", startDate: "9999-01-01" }],
      officeRetail: 100,
    });
    expect(contracts.error?.issues.map((issue) => issue.path.join("."))).toEqual(["recurringContracts.0.startDate"]);
  });
});
