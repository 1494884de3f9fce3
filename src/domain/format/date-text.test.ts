import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoDate } from "../validation";
import { formatDateGb, parseDateText } from "./dates";

describe("a typed date", () => {
  it("reads DD/MM/YYYY as the UK writes it", () => {
    expect(parseDateText("27/03/2026")).toBe("2026-03-27");
    expect(parseDateText("7/3/2026")).toBe("2026-03-07");
    expect(parseDateText(" 01/12/2026 ")).toBe("2026-12-01");
  });

  it("reads ISO YYYY-MM-DD as it is", () => {
    expect(parseDateText("2026-03-27")).toBe("2026-03-27");
    expect(parseDateText("2012-03-14")).toBe("2012-03-14");
  });

  it("knows leap years", () => {
    expect(parseDateText("29/02/2028")).toBe("2028-02-29");
    expect(parseDateText("29/02/2026")).toBeNull();
    expect(parseDateText("29/02/2000")).toBe("2000-02-29");
    expect(parseDateText("29/02/1900")).toBeNull();
  });

  it("refuses dates that do not exist and text that is not a date", () => {
    for (const text of [
      "",
      "   ",
      "31/02/2026",
      "31/04/2026",
      "00/03/2026",
      "27/00/2026",
      "27/13/2026",
      "2026-13-01",
      "2026-02-30",
      "2026-3-27",
      "27/03/26",
      "27-03-2026",
      "03/27/2026",
      "27/03/2026x",
      "next week",
      "123/03/2026",
    ]) {
      expect(parseDateText(text), text).toBeNull();
    }
  });

  it("gives what the API's date schema accepts, and reads back what it shows", () => {
    const schema = isoDate("Inception date is required");
    fc.assert(
      fc.property(fc.date({ min: new Date("1900-01-01"), max: new Date("2199-12-31"), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        expect(parseDateText(formatDateGb(iso))).toBe(iso);
        expect(parseDateText(iso)).toBe(iso);
        expect(schema.safeParse(iso).success).toBe(true);
      }),
    );
  });

  it("never gives a value the API's date schema refuses", () => {
    const schema = isoDate();
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseDateText(text);
        if (parsed !== null) expect(schema.safeParse(parsed).success).toBe(true);
      }),
    );
  });
});
