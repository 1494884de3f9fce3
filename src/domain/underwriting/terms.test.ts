import { describe, expect, it } from "vitest";
import { auditDetailLines } from "../audit";
import { underwriterDecisionSchema } from "./decision";
import { clauseCodeSchema, isSubjectivityOverdue, openPreBindTexts } from "./terms";

describe("terms on a decision", () => {
  it("accepts clause codes of capital letters and digits joined by hyphens", () => {
    expect(clauseCodeSchema.safeParse("ASB-EXCL").success).toBe(true);
    expect(clauseCodeSchema.safeParse("asb-excl").success).toBe(false);
    expect(clauseCodeSchema.safeParse("ASB--EXCL").success).toBe(false);
    expect(clauseCodeSchema.safeParse("A".repeat(21)).success).toBe(false);
  });

  it("refuses terms on a decline and the same clause twice", () => {
    const declined = underwriterDecisionSchema.safeParse({
      decision: "DECLINED",
      uwNote: "Outside our appetite",
      endorsements: ["ASB-EXCL"],
    });
    expect(declined.error?.issues[0]?.path).toEqual(["endorsements"]);
    const twice = underwriterDecisionSchema.safeParse({ decision: "APPROVED", endorsements: ["ASB-EXCL", "ASB-EXCL"] });
    expect(twice.error?.issues[0]?.message).toBe("Each clause is attached once");
    const ok = underwriterDecisionSchema.safeParse({
      decision: "COUNTER",
      adjustmentMultiplier: 1.1,
      endorsements: ["ASB-EXCL"],
      subjectivities: [{ text: "Survey", timing: "POST_BIND", dueDate: "2027-01-31" }],
    });
    expect(ok.success).toBe(true);
  });

  it("counts a post-bind subjectivity overdue only when open and past its due date", () => {
    const s = { timing: "POST_BIND", status: "OPEN", dueDate: "2027-03-05" } as const;
    expect(isSubjectivityOverdue(s, "2027-03-05")).toBe(false);
    expect(isSubjectivityOverdue(s, "2027-03-06")).toBe(true);
    expect(isSubjectivityOverdue({ ...s, status: "WAIVED" }, "2027-03-06")).toBe(false);
    expect(isSubjectivityOverdue({ ...s, timing: "PRE_BIND" }, "2027-03-06")).toBe(false);
  });

  it("names the open pre-bind subjectivities, in order", () => {
    const list = [
      { text: "A", timing: "PRE_BIND", status: "OPEN" },
      { text: "B", timing: "PRE_BIND", status: "SATISFIED" },
      { text: "C", timing: "POST_BIND", status: "OPEN" },
      { text: "D", timing: "PRE_BIND", status: "OPEN" },
    ] as const;
    expect(openPreBindTexts(list)).toEqual(["A", "D"]);
  });

  it("says a marked subjectivity in words in the audit log", () => {
    const details = {
      reference: "DCPI-000042",
      subjectivity: "Survey",
      timing: "PRE_BIND",
      dueDate: "2027-01-31",
      marked: "WAIVED",
    };
    expect(auditDetailLines({ entityType: "quote", action: "subjectivity_marked", details })).toEqual([
      "Reference: DCPI-000042",
      "Subjectivity: Survey",
      "To be met: Before binding",
      "Due: 31/01/2027",
      "Marked: Waived",
    ]);
  });
});
