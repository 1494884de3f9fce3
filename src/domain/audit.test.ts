import { describe, expect, it } from "vitest";
import { type AuditEntry, auditActionLabel, auditDetailLines, auditEntityLabel, auditQuerySchema } from "./audit";

const entry = (entityType: string, action: string, details: AuditEntry["details"]) => ({ entityType, action, details });

describe("audit details in words", () => {
  it("says a change as old -> new, by the detail's label and in its own words", () => {
    expect(
      auditDetailLines(
        entry("rating_version", "updated", {
          effectiveTo: { from: null, to: "2035-01-01" },
          supersededBy: "3f0c1d9e-8f2b-4e6a-9c1d-2b3a4c5d6e7f",
        }),
      ),
    ).toEqual(["Effective to: none -> 01/01/2035"]);
    expect(
      auditDetailLines(
        entry("quote", "decision_recorded", { from: "REFERRED", to: "UW_APPROVED", decision: "APPROVED" }),
      ),
    ).toEqual(["Decision: Approved", "Status before: REFERRED", "Status after: UW APPROVED"]);
  });

  it("names the rating receipt written with a change by its short hash, and says nothing when none was", () => {
    expect(auditDetailLines(entry("quote", "issued", { receipt: `abcdef012345${"0".repeat(52)}` }))).toEqual([
      "Rating receipt: abcdef012345",
    ]);
    expect(auditDetailLines(entry("quote", "issued", { receipt: null }))).toEqual([]);
  });

  it("shows money as money: the audit trail's pounds strings with a pound sign and separators", () => {
    expect(
      auditDetailLines(
        entry("quote", "rated", {
          reference: "DCPI-000012",
          ratingVersionId: "5a3c1d9e-8f2b-4e6a-9c1d-2b3a4c5d6e7f",
          ratingVersion: "D/C-PI 1.0.0",
          totalPremium: "1388.67",
          referralHits: [],
        }),
      ),
    ).toEqual([
      "Reference: DCPI-000012",
      "Rating version: D/C-PI 1.0.0",
      "Premium (inclusive): £1,388.67",
      "Referral rules: none",
    ]);
    expect(
      auditDetailLines(
        entry("quote", "override_applied", { basePremium: "1500.00", previousBasePremium: null, totalPremium: 203840 }),
      ),
    ).toEqual(["Base Premium: £1,500.00", "Base Premium before: none", "Premium (inclusive): £2,038.40"]);
  });

  it("names what a section save changed as the question catalogue names it", () => {
    expect(
      auditDetailLines(
        entry("quote", "updated", {
          reference: "DCPI-000012",
          section: "financialOverview",
          fields: ["financialOverview"],
          answers: ["turnover", "isAllTurnoverUK", "hasContentsInsurance"],
        }),
      ),
    ).toEqual([
      "Reference: DCPI-000012",
      "Section: Financial overview",
      "Changed: Annual turnover (revenue); Is all turnover from work in the UK?; Contents Insurance",
    ]);
    expect(
      auditDetailLines(
        entry("quote", "updated", {
          section: "insuredsDetails",
          fields: ["insuredsDetails", "proposerName", "incorporationDate", "productCode", "productType"],
          answers: ["proposerName", "incorporationDate", "businessActivity"],
        }),
      ),
    ).toEqual([
      "Section: Insured's details",
      "Changed: Company name; Date of incorporation; Business activity; Product",
    ]);
  });

  it("reads entries written before answers were named, by their columns", () => {
    expect(
      auditDetailLines(
        entry("quote", "updated", { section: "declaration", fields: ["declaration", "declarationConfirmed"] }),
      ),
    ).toEqual(["Section: Declaration", "Changed: Declaration; Declaration confirmed"]);
    expect(
      auditDetailLines(
        entry("quote", "updated", { section: "insuredsDetails", fields: ["insuredsDetails", "numberOfDirectors"] }),
      ),
    ).toEqual(["Section: Insured's details", "Changed: Number of directors/partners/principals"]);
    expect(
      auditDetailLines(entry("quote", "reopened", { reference: "DCPI-000012", from: "QUOTED", cause: "contracts" })),
    ).toEqual(["Reference: DCPI-000012", "Status before: COMPLETED", "Because: Contracts changed"]);
  });

  it("words users, sign-ins and rating versions without their keys", () => {
    expect(
      auditDetailLines(
        entry("user", "created", { name: "Pat Password", email: "pat@example.com", role: "UNDERWRITER" }),
      ),
    ).toEqual(["Name: Pat Password", "E-mail: pat@example.com", "Role: Underwriter"]);
    expect(
      auditDetailLines(entry("session", "login_failed", { email: "pat@example.com", reason: "invalid_credentials" })),
    ).toEqual(["E-mail: pat@example.com", "Reason: Wrong e-mail address or password"]);
    expect(auditDetailLines(entry("rating_version", "updated", { fields: ["name", "json", "effectiveTo"] }))).toEqual([
      "Changed: Name, Configuration, Effective to",
    ]);
    const published = auditDetailLines(
      entry("rating_version", "published", {
        name: "D/C-PI 2.0.0",
        productCode: "D/C-PI",
        effectiveFrom: "2035-01-01",
        effectiveTo: null,
        closed: [{ id: "v1", name: "D/C-PI 1.0.0", effectiveTo: { from: null, to: "2035-01-01" } }],
      }),
    );
    expect(published).toEqual([
      "Name: D/C-PI 2.0.0",
      "Product: D/C-PI",
      "Effective from: 01/01/2035",
      "Effective to: none",
      "Closed: D/C-PI 1.0.0 (effective to none -> 01/01/2035)",
    ]);
  });

  it("never shows a raw key, an id or JSON punctuation for anything the trail writes", () => {
    const lines = [
      ...auditDetailLines(
        entry("quote", "decision_recorded", {
          reference: "DCPI-000012",
          proposerName: "Acme Build Ltd",
          decision: "COUNTER",
          adjustmentMultiplier: 1.1,
          from: "REFERRED",
          to: "UW_APPROVED",
          totalPremiumBefore: "1388.67",
          totalPremiumAfter: "1516.04",
        }),
      ),
      ...auditDetailLines(
        entry("quote", "referred", {
          reference: "DCPI-000012",
          status: "REFERRED",
          referralReason: "Turnover includes work outside the UK",
          referralHits: ["NON_UK_WORK"],
          totalPremium: "1388.67",
          recipients: ["underwriter@example.com"],
        }),
      ),
    ];
    expect(lines).toContain("Decision: Counter offer (+10%)");
    expect(lines).toContain("Premium (inclusive) after: £1,516.04");
    expect(lines).toContain("Sent to: underwriter@example.com");
    expect(lines.join(" ")).not.toMatch(/[{}"]|totalPremium|adjustmentMultiplier|\b1388\.67\b/);
  });

  it("keeps text details, gives no lines for none, and reads an unknown detail by its name", () => {
    expect(auditDetailLines(entry("session", "login", "Signed in from the office"))).toEqual([
      "Signed in from the office",
    ]);
    expect(auditDetailLines(entry("quote", "rated", null))).toEqual([]);
    expect(auditDetailLines(entry("quote", "rated", {}))).toEqual([]);
    expect(auditDetailLines(entry("quote", "updated", { step: 2, flags: [] }))).toEqual(["Step: 2", "Flags: none"]);
  });

  it("labels actions and entities in words", () => {
    expect(auditActionLabel("override_applied")).toBe("Override applied");
    expect(auditEntityLabel("rating_version")).toBe("Rating version");
    expect(auditEntityLabel("session")).toBe("Sign-in");
    expect(auditEntityLabel("planet_moon")).toBe("Planet moon");
  });
});

describe("audit query", () => {
  it("defaults the page and accepts every filter", () => {
    expect(
      auditQuerySchema.parse({
        entityType: "quote",
        action: "rated",
        actorId: "00000000-0000-4000-8000-000000000000",
        from: "2026-01-01",
        to: "2026-01-31",
      }),
    ).toMatchObject({ page: 1, pageSize: 25, from: "2026-01-01" });
  });

  it("refuses unknown values and a range that ends before it starts, naming the field", () => {
    const result = auditQuerySchema.safeParse({
      entityType: "planet",
      actorId: "x",
      from: "2026-02-01",
      to: "2026-01-01",
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["entityType", "actorId"]));
    const range = auditQuerySchema.safeParse({ from: "2026-02-01", to: "2026-01-01" });
    expect(range.error?.issues).toEqual([
      expect.objectContaining({ path: ["to"], message: "To must be on or after From" }),
    ]);
  });
});
