/**
 * docs/product/errors.md is written by hand, in words the catalogue cannot hold (when each code is answered, the
 * several messages one code carries); this keeps its table of codes true to the catalogue in src/domain/api/errors.ts:
 * every code documented once with the catalogue's status, and nothing documented that the server cannot answer.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { ERROR_CATALOGUE, ERROR_CODES, isErrorCode } from "../src/domain/api/errors";

const ERRORS_PAGE = new URL("../docs/product/errors.md", import.meta.url);

/** The rows of the page's table whose header is `| Status | Code | Message | When |`: status and code of each. */
function documentedCodes(markdown: string): { status: number; code: string }[] {
  const lines = markdown.split("\n");
  const header = lines.findIndex((line) => /^\|\s*Status\s*\|\s*Code\s*\|\s*Message\s*\|/.test(line));
  if (header === -1) throw new Error("docs/product/errors.md has no table headed | Status | Code | Message |");
  const rows: { status: number; code: string }[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const [status = "", code = ""] = line
      .split("|")
      .slice(1, 3)
      .map((cell) => cell.trim());
    const named = /^`([A-Z0-9_]+)`$/.exec(code);
    if (!/^\d{3}$/.test(status) || !named?.[1]) throw new Error(`An error table row the test cannot read: ${line}`);
    rows.push({ status: Number(status), code: named[1] });
  }
  return rows;
}

it("documents every code of the catalogue once, with its status, and no other", () => {
  const rows = documentedCodes(readFileSync(ERRORS_PAGE, "utf8"));
  const documented = rows.map((row) => row.code);

  expect(
    documented.filter((code, i) => documented.indexOf(code) !== i),
    "documented twice",
  ).toEqual([]);
  expect(
    documented.filter((code) => !isErrorCode(code)),
    "documented but not in the catalogue",
  ).toEqual([]);
  expect(
    ERROR_CODES.filter((code) => !documented.includes(code)),
    "in the catalogue but not documented",
  ).toEqual([]);
  for (const { status, code } of rows) {
    if (isErrorCode(code)) expect(status, code).toBe(ERROR_CATALOGUE[code].status);
  }
});
