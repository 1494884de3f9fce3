import { describe, expect, it } from "vitest";
import { createCompanyService } from "../../src/server/features/companies/company-service";
import {
  createDemoRegister,
  DEMO_REGISTER_SIZE,
  generateDemoCompanies,
  generateDemoOfficers,
  getDemoCompanies,
} from "../../src/server/features/companies/demo-register";
import { COMPANY_NUMBER_PATTERN, countActiveDirectors } from "../../src/server/features/companies/types";

const companies = getDemoCompanies();

describe("embedded demo company register", () => {
  it("is generated identically on every run (seeded, no randomness between runs)", () => {
    const again = generateDemoCompanies();
    expect(again).toEqual(companies);
    const [first, second] = [again[42], companies[42]];
    if (!first || !second) throw new Error("the register has fewer than 43 firms");
    expect(generateDemoOfficers(first)).toEqual(generateDemoOfficers(second));
  });

  it("holds a few thousand firms with unique names and valid 8-character company numbers", () => {
    expect(companies).toHaveLength(DEMO_REGISTER_SIZE);
    expect(new Set(companies.map((c) => c.company_number)).size).toBe(companies.length);
    expect(new Set(companies.map((c) => c.title.toLowerCase())).size).toBe(companies.length);
    for (const company of companies) expect(company.company_number).toMatch(COMPANY_NUMBER_PATTERN);
  });

  it("has mostly active firms, with realistic creation dates and UK addresses", () => {
    const active = companies.filter((c) => c.company_status === "active").length;
    expect(active / companies.length).toBeGreaterThan(0.8);
    expect(active).toBeLessThan(companies.length);
    for (const company of companies) {
      expect(company.date_of_creation).toMatch(/^(19[7-9]\d|20[0-2]\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d)$/);
      expect(company.address.postal_code).toMatch(/^[A-Z]{1,2}\d{1,2} \d[A-Z]{2}$/);
      expect(company.address.locality).toBeTruthy();
      expect(["England", "Wales", "Scotland", "Northern Ireland"]).toContain(company.address.country);
      // Companies House's one-line form: "80 Albert Road, Bradford, BD15 9GT" or "Unit 4, Brunel Court, ...".
      expect(company.address_snippet).toMatch(/^(\d+ [A-Z][^,]+|Unit \d+, [^,]+), [^,]+, [A-Z0-9 ]+$/);
      expect(company.address_snippet.endsWith(company.address.postal_code ?? "")).toBe(true);
    }
  });

  it("includes firms whose names fall outside Latin-1", () => {
    const titles = companies.map((c) => c.title);
    expect(titles).toContain("Łódź Joinery Ltd");
    expect(titles).toContain("Ó Briain Building Services Ltd");
    expect(
      titles.filter((title) => [...title].some((char) => (char.codePointAt(0) ?? 0) > 0xff)).length,
    ).toBeGreaterThanOrEqual(4);
  });

  it("finds a firm by name without its accents, and by company number", async () => {
    const register = createDemoRegister();
    const byName = await register.searchCompanies("lodz joinery", 20);
    expect(byName.items[0]?.title).toBe("Łódź Joinery Ltd");
    const number = byName.items[0]?.company_number ?? "";
    const byNumber = await register.searchCompanies(number, 20);
    expect(byNumber.items[0]?.company_number).toBe(number);
  });

  it("ranks names starting with the query before names merely containing its words", async () => {
    const register = createDemoRegister();
    const result = await register.searchCompanies("hargreaves", 50);
    expect(result.items.length).toBeGreaterThan(0);
    for (const item of result.items) expect(item.title.toLowerCase()).toContain("hargreaves");
    expect(result.total_results).toBeGreaterThanOrEqual(result.items.length);
  });

  it("gives every firm officers, and counts the active directors or members", async () => {
    const service = createCompanyService({ register: createDemoRegister() });
    for (const company of companies.slice(0, 50)) {
      const answer = await service.officers(company.company_number);
      expect(answer.items.length).toBeGreaterThan(0);
      expect(answer.numberOfDirectors).toBe(countActiveDirectors(answer.items));
      expect(answer.numberOfDirectors).toBeGreaterThanOrEqual(1);
      if (company.company_type === "llp") {
        expect(answer.items.every((officer) => officer.officer_role.startsWith("llp-"))).toBe(true);
      }
    }
  });

  it("answers 404 for a company number it does not hold", async () => {
    const service = createCompanyService({ register: createDemoRegister() });
    await expect(service.officers("00000001")).rejects.toMatchObject({
      status: 404,
      message: "No company with number 00000001 was found in the company register",
    });
  });

  it("answers a search within a few milliseconds", async () => {
    const register = createDemoRegister();
    await register.searchCompanies("warm", 20);
    const started = performance.now();
    for (let i = 0; i < 20; i += 1) await register.searchCompanies("structural eng", 20);
    expect((performance.now() - started) / 20).toBeLessThan(20);
  });
});
