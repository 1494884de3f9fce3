import { describe, expect, it } from "vitest";
import { auditActionLabel, auditDetailLines, auditQuerySchema } from "./audit";

describe("audit details in words", () => {
  it("reads a change as old -> new and a value as itself", () => {
    expect(auditDetailLines({ effectiveTo: { from: null, to: "2027-01-01" }, supersededBy: "v2" })).toEqual([
      "effectiveTo: none -> 2027-01-01",
      "supersededBy: v2",
    ]);
    expect(auditDetailLines({ status: { from: "QUOTED", to: "REFERRED" }, premium: 1200 })).toEqual([
      "status: QUOTED -> REFERRED",
      "premium: 1200",
    ]);
  });

  it("reads nested records and lists without JSON punctuation", () => {
    const lines = auditDetailLines({
      closed: [{ id: "v1", name: "2026", effectiveTo: { from: null, to: "2027-01-01" } }],
      flags: [],
    });
    expect(lines).toEqual(["closed: id v1, name 2026, effectiveTo none -> 2027-01-01", "flags: none"]);
    expect(lines.join(" ")).not.toMatch(/[{}"]/);
  });

  it("keeps text details and gives no lines for none", () => {
    expect(auditDetailLines("Signed in from the office")).toEqual(["Signed in from the office"]);
    expect(auditDetailLines(null)).toEqual([]);
    expect(auditDetailLines({})).toEqual([]);
  });

  it("labels actions in words", () => {
    expect(auditActionLabel("override_applied")).toBe("Override applied");
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
