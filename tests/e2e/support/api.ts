/**
 * Test data through the real API (never straight into the database): a signed-in session per demo user,
 * and quotes brought to each status the way a broker and an underwriter would.
 */
import { expect } from "vitest";
import { baseURL, DEMO_USERS, type DemoRole } from "./browser";

export class ApiSession {
  private constructor(private readonly cookie: string) {}

  static async signIn(role: DemoRole): Promise<ApiSession> {
    const user = DEMO_USERS[role];
    const response = await fetch(`${baseURL()}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(response.status, `API sign-in as ${role}`).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    return new ApiSession(cookie);
  }

  async send(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${baseURL()}${path}`, {
      method,
      headers: { Cookie: this.cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  /** A call whose answer is not JSON (a PDF): the response itself. */
  async raw(method: string, path: string): Promise<Response> {
    return fetch(`${baseURL()}${path}`, { method, headers: { Cookie: this.cookie } });
  }

  /** A call that must succeed; its `data`. */
  async data<T>(method: string, path: string, body?: unknown): Promise<T> {
    const result = await this.send(method, path, body);
    expect(result.status, `${method} ${path}: ${JSON.stringify(result.body)}`).toBeLessThan(300);
    return (result.body as { data: T }).data;
  }
}

/** A broker account of a test's own, added by an administrator: `firstName label run` at a matching address. */
export async function newBrokerAccount(
  admin: ApiSession,
  firstName: string,
  label: string,
  run: string,
  password: string,
): Promise<{ id: string; name: string; email: string }> {
  const name = `${firstName} ${label} ${run}`;
  const email = `${firstName.toLowerCase()}.${label.toLowerCase()}.${run}@example.com`;
  const user = await admin.data<{ id: string }>("POST", "/api/auth/register", {
    name,
    email,
    password,
    role: "BROKER",
  });
  return { id: user.id, name, email };
}

export interface CreatedQuote {
  id: string;
  reference: string;
  status: string;
  proposerName: string;
}

function unwrapQuote(data: unknown): CreatedQuote {
  const value = data as CreatedQuote & { quote?: CreatedQuote };
  return value.quote ?? value;
}

export async function createDraftQuote(broker: ApiSession, proposerName: string): Promise<CreatedQuote> {
  const data = await broker.data<unknown>("POST", "/api/quotes", {
    productCode: "D/C-PI",
    proposerName,
    businessAddress: "1 Test Street, Leeds LS1 1AA",
    inceptionDate: new Date().toISOString().slice(0, 10),
    incorporationDate: "2015-04-01",
    numberOfDirectors: 2,
    numberOfQualifiedStaff: 4,
    hasFinancialInterest: false,
    insuredsDetails: { businessActivity: "Design and Build Contractor" },
  });
  return unwrapQuote(data);
}

/** Saves steps 2-6 so the quote's data is complete (docs/product/life-cycle.md); `declaration` can add referral facts. */
export async function completeQuoteData(
  broker: ApiSession,
  quoteId: string,
  declaration: Record<string, boolean> = {},
): Promise<void> {
  const path = `/api/quotes/${quoteId}`;
  await broker.data("PATCH", path, {
    financialOverview: { coverLimitAggregate: 1_000_000, turnover: 400_000, largestSingleProjectValue: 150_000 },
  });
  await broker.data("PATCH", path, { designLiability: { turnoverSplitInHouseDesign: 100 } });
  await broker.data("PATCH", path, { activitySplit: { professionalServices: 100 } });
  await broker.data("PATCH", path, { contracts: { domesticPrivateDwellings: 100 } });
  await broker.data("PATCH", path, { declaration });
}

/** What the API answers for an issued policy that the browser tests read. */
export interface IssuedPolicy {
  id: string;
  reference: string;
  policyNumber: string;
  totalPremium: string;
  proposerName: string;
  inceptionDate: string;
}

/** A policy issued through the API as a broker would: step 1, the other steps, rated, completed, issued. */
/** One underwriter's session for every backdated policy a file issues: sign-ins are throttled per address. */
let underwriterSession: Promise<ApiSession> | undefined;

export async function issuePolicy(
  broker: ApiSession,
  insured: { proposerName: string; businessAddress: string; inceptionDate: string },
): Promise<IssuedPolicy> {
  const created = await broker.data<{ id: string }>("POST", "/api/quotes", {
    productCode: "D/C-PI",
    ...insured,
    incorporationDate: "2012-06-01",
    numberOfDirectors: 2,
    numberOfQualifiedStaff: 4,
    hasFinancialInterest: false,
    insuredsDetails: { businessActivity: "Design and Build Contractor" },
  });
  await completeQuoteData(broker, created.id);
  const rated = await broker.data<{ referralHits: unknown[] }>("POST", `/api/quotes/${created.id}/rate`, {
    turnoverBand: "up_to_500k",
  });
  // A policy that started in the past (to be renewed or cancelled now) is backdated cover: it is bound, as in
  // practice, once an underwriter has agreed it.
  if (rated.referralHits.length > 0) {
    await broker.data("POST", `/api/quotes/${created.id}/refer`, {});
    underwriterSession ??= ApiSession.signIn("UNDERWRITER");
    await (await underwriterSession).data("POST", `/api/quotes/${created.id}/uw/decision`, {
      decision: "APPROVED",
      uwNote: "Backdated cover agreed: no claims or circumstances known since inception",
    });
  }
  await broker.data("PATCH", `/api/quotes/${created.id}`, { status: "QUOTED" });
  return broker.data<IssuedPolicy>("POST", `/api/quotes/${created.id}/issue`, {});
}

async function rate(broker: ApiSession, quoteId: string): Promise<void> {
  await broker.data("POST", `/api/quotes/${quoteId}/rate`, { turnoverBand: "up_to_500k" });
}

async function fetchStatus(session: ApiSession, quoteId: string): Promise<string> {
  return unwrapQuote(await session.data<unknown>("GET", `/api/quotes/${quoteId}`)).status;
}

export type QuoteStatusName =
  | "DRAFT"
  | "QUOTED"
  | "REFERRED"
  | "UW_REQUESTED"
  | "UW_APPROVED"
  | "UW_DECLINED"
  | "ISSUED";

/**
 * A quote in the given status, made through the life cycle of docs/product/life-cycle.md: rated and completed for
 * QUOTED, referred with a declared previous claim for REFERRED, decided by the underwriter, issued.
 */
export async function quoteInStatus(
  status: QuoteStatusName,
  proposerName: string,
  sessions: { broker: ApiSession; underwriter: ApiSession },
  options: { completeData?: boolean } = {},
): Promise<CreatedQuote> {
  const { broker, underwriter } = sessions;
  const quote = await createDraftQuote(broker, proposerName);
  const referral = status === "REFERRED" || status === "UW_APPROVED" || status === "UW_DECLINED";
  if (status !== "DRAFT" || options.completeData) {
    await completeQuoteData(broker, quote.id, referral ? { previousClaims: true } : {});
  }
  if (status === "DRAFT") return { ...quote, status };
  await rate(broker, quote.id);
  if (status === "QUOTED" || status === "ISSUED") {
    await broker.data("PATCH", `/api/quotes/${quote.id}`, { status: "QUOTED" });
    if (status === "ISSUED") await broker.data("POST", `/api/quotes/${quote.id}/issue`, {});
  } else {
    await broker.data("POST", `/api/quotes/${quote.id}/refer`, {});
    if (status === "UW_APPROVED" || status === "UW_DECLINED") {
      await underwriter.data("POST", `/api/quotes/${quote.id}/uw/decision`, {
        decision: status === "UW_APPROVED" ? "APPROVED" : "DECLINED",
        uwNote: "Reviewed in the browser tests",
      });
    }
  }
  expect(await fetchStatus(broker, quote.id), `${proposerName} reached ${status}`).toBe(status);
  return { ...quote, status };
}
