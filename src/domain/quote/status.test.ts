import { describe, expect, it } from "vitest";
import { QUOTE_STATUSES, statusLabel, statusTone } from "./status";

describe("status labels", () => {
  it("has the seven statuses of docs/product/life-cycle.md", () => {
    expect(QUOTE_STATUSES).toEqual([
      "DRAFT",
      "QUOTED",
      "REFERRED",
      "UW_REQUESTED",
      "UW_APPROVED",
      "UW_DECLINED",
      "ISSUED",
    ]);
  });

  it("shows QUOTED as COMPLETED in green on the list and in the wizard", () => {
    expect(statusLabel("QUOTED", "list")).toBe("COMPLETED");
    expect(statusLabel("QUOTED", "wizard")).toBe("COMPLETED");
    expect(statusTone("QUOTED")).toBe("success");
  });

  it("shows underscores as spaces on the list and in the wizard alike (docs/product/life-cycle.md: 'UW REQUESTED')", () => {
    expect(statusLabel("UW_REQUESTED", "wizard")).toBe("UW REQUESTED");
    expect(statusLabel("UW_APPROVED", "wizard")).toBe("UW APPROVED");
    for (const status of QUOTE_STATUSES) expect(statusLabel(status, "list")).toBe(statusLabel(status, "wizard"));
    expect(statusLabel("UW_REQUESTED", "list")).toBe("UW REQUESTED");
  });

  it("shows an unknown status as DRAFT on the list", () => {
    expect(statusLabel("ARCHIVED", "list")).toBe("DRAFT");
    expect(statusLabel(undefined, "list")).toBe("DRAFT");
    expect(statusLabel("SOME_THING", "wizard")).toBe("SOME THING");
    expect(statusTone("ARCHIVED")).toBe(statusTone("DRAFT"));
  });

  it("gives each status a distinct tone", () => {
    expect(new Set(QUOTE_STATUSES.map(statusTone)).size).toBe(QUOTE_STATUSES.length);
  });
});
