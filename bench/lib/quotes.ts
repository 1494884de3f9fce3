/**
 * Quotes for a benchmark to work on, saved through the API as the wizard saves them, each with figures of its own
 * (turnover, cover limit, largest project, staff) so the ratings do not all take one path.
 */
import { todayInLondon } from "../../src/domain/format/dates";
import { addDays } from "../../src/domain/quote/renewal";
import { send } from "./client";

export interface GeneratedQuotes {
  /** The insured's name is `<label> <index> Ltd`. */
  label: string;
  /** The cover limits the quotes take in turn. */
  coverLimits: readonly number[];
  /**
   * true: some quotes work overseas, buy contents cover or declare previous claims (those refer); false: every
   * quote is all UK, without contents cover and without claims.
   */
  variedAnswers: boolean;
  /** Further sections, each saved after the financial overview and before the declaration. */
  sections?: readonly Record<string, unknown>[];
  /** Quotes saved at once (default 25). */
  concurrency?: number;
}

/** `count` quotes as the wizard leaves them after the declaration (not rated); their ids, in order. */
export async function createQuotes(
  url: string,
  cookie: string,
  count: number,
  options: GeneratedQuotes,
): Promise<string[]> {
  const { label, coverLimits, variedAnswers, sections = [], concurrency = 25 } = options;
  const ids: string[] = [];
  const createOne = async (index: number) => {
    const created = await send<{ data: { id: string } }>(url, cookie, "POST", "/api/quotes", {
      productCode: "D/C-PI",
      proposerName: `${label} ${index} Ltd`,
      businessAddress: `${index} Station Road, York YO1 1AA`,
      inceptionDate: addDays(todayInLondon(new Date()), 5),
      incorporationDate: "2010-01-01",
      numberOfDirectors: 1 + (index % 4),
      numberOfQualifiedStaff: index % 40,
      hasFinancialInterest: false,
      insuredsDetails: { businessActivity: "Design and Build Contractor" },
    });
    const id = created.data.id;
    const overseas = variedAnswers && index % 7 === 0;
    const contents = variedAnswers && index % 3 === 0;
    await send(url, cookie, "PATCH", `/api/quotes/${id}`, {
      financialOverview: {
        coverLimitAggregate: coverLimits[index % coverLimits.length],
        turnover: 300_000 + (index % 17) * 100_000,
        largestSingleProjectValue: 50_000 + (index % 9) * 150_000,
        isAllTurnoverUK: !overseas,
        overseasWorkSplit: overseas ? "Ireland 15%" : null,
        hasContentsInsurance: contents,
        contentsLimit: contents ? 25_000 : null,
      },
    });
    for (const section of sections) await send(url, cookie, "PATCH", `/api/quotes/${id}`, section);
    await send(url, cookie, "PATCH", `/api/quotes/${id}`, {
      declaration: { subcontractorInsuranceConfirmed: true, previousClaims: variedAnswers && index % 11 === 0 },
    });
    ids[index] = id;
  };
  for (let start = 0; start < count; start += concurrency) {
    await Promise.all(
      Array.from({ length: Math.min(concurrency, count - start) }, (_, offset) => createOne(start + offset)),
    );
  }
  return ids;
}
