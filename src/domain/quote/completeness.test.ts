import { describe, expect, it } from "vitest";
import { describeMissing, findMissingForDocuments, isQuoteDataComplete } from "./completeness";

const complete = {
  proposerName: "Acme Build Ltd",
  businessAddress: "1 High Street, Leeds",
  incorporationDate: "2001-04-03",
  financialOverview: { turnover: 750_000, largestSingleProjectValue: 100_000 },
  designLiability: {},
  activitySplit: {},
  contracts: {},
  declaration: {},
};

describe("data completeness for the statement of fact and policy schedule", () => {
  it("finds nothing missing on a complete quote", () => {
    expect(findMissingForDocuments(complete)).toEqual([]);
    expect(isQuoteDataComplete(complete)).toBe(true);
  });

  it("names everything missing on a new quote, in wizard order", () => {
    expect(findMissingForDocuments({})).toEqual([
      "company name",
      "business address",
      "incorporation date",
      "turnover",
      "largest single project value",
      "design liability",
      "activity split",
      "contracts",
      "declaration",
    ]);
    expect(isQuoteDataComplete({})).toBe(false);
  });

  it("needs no incorporation date for a sole trader, flat or inside insuredsDetails", () => {
    const soleTrader = { ...complete, incorporationDate: null, isSoleTrader: true };
    expect(findMissingForDocuments(soleTrader)).toEqual([]);
    expect(
      findMissingForDocuments({ ...complete, incorporationDate: null, insuredsDetails: { isSoleTrader: true } }),
    ).toEqual([]);
    expect(findMissingForDocuments({ ...complete, incorporationDate: null, isSoleTrader: false })).toEqual([
      "incorporation date",
    ]);
    expect(findMissingForDocuments({ ...soleTrader, proposerName: "" })).toEqual(["sole trader's name"]);
  });

  it("treats blank text and zero amounts as missing", () => {
    expect(
      findMissingForDocuments({
        ...complete,
        businessAddress: "  ",
        financialOverview: { turnover: 0, largestSingleProjectValue: null },
      }),
    ).toEqual(["business address", "turnover", "largest single project value"]);
  });

  it("reads step-1 values from insuredsDetails when the flat field is empty", () => {
    expect(
      findMissingForDocuments({
        ...complete,
        incorporationDate: null,
        insuredsDetails: { incorporationDate: "2001-04-03" },
      }),
    ).toEqual([]);
  });

  it("flags each missing section on its own", () => {
    expect(findMissingForDocuments({ ...complete, activitySplit: null })).toEqual(["activity split"]);
    expect(findMissingForDocuments({ ...complete, declaration: undefined })).toEqual(["declaration"]);
  });

  it("words the list for a message", () => {
    expect(describeMissing([])).toBe("");
    expect(describeMissing(["turnover"])).toBe("Missing: turnover");
    expect(describeMissing(["business address", "turnover", "declaration"])).toBe(
      "Missing: business address, turnover and declaration",
    );
  });
});
