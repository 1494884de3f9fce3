import { describe, expect, it } from "vitest";
import { formFieldOfIssuePath } from "../components/use-step-save";

describe("a refused save's issues under the fields they name", () => {
  it("drops the section name of the request body, keeping nested paths", () => {
    expect(formFieldOfIssuePath("financialOverview.turnover")).toBe("turnover");
    expect(formFieldOfIssuePath("contracts.recurringContracts.0.value")).toBe("recurringContracts.0.value");
    expect(formFieldOfIssuePath("insuredsDetails.businessActivity")).toBe("businessActivity");
  });

  it("keeps step 1's flat fields as they are", () => {
    expect(formFieldOfIssuePath("proposerName")).toBe("proposerName");
  });

  it("names no field for the body or a whole section", () => {
    expect(formFieldOfIssuePath("")).toBeNull();
    expect(formFieldOfIssuePath("declaration")).toBeNull();
  });
});
