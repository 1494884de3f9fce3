/**
 * `npm run seed:load -- --quotes N [--brokers B] [--batch S] [--seed X]`: fills the configured database
 * (PGlite in DATA_DIR, or DATABASE_URL; read through the server's own config module) with N realistic
 * quotes, for trying the dashboard, search and impact analysis at the scale of a large book.
 *
 * Realistic means: quotes spread over the brokers (B broker accounts are created, password below), every
 * status of the life cycle in plausible shares and consistent with the risk (only quotes with referral hits
 * are REFERRED; ISSUED quotes carry their policy number), wizard sections that pass the domain's own schemas,
 * and premiums, hits and factor traces produced by the real rating engine with the published rating version,
 * stored exactly as the quote API stores them. Dates spread over the last 18 months.
 *
 * Speed: a pool of distinct risk profiles is built and rated once (the engine is the same the server uses);
 * each quote combines one profile with its own insured, broker, status and dates. Rows go in batches, one
 * INSERT ... SELECT FROM unnest(array parameters) per batch: one parameter per column whatever the batch
 * size, which works on PGlite and PostgreSQL alike. References come from the product's own sequence, so the
 * quotes the app creates afterwards continue after them.
 */

import { sql } from "drizzle-orm";
import { BUSINESS_ACTIVITIES } from "../src/domain/business-activities";
import { DC_PI_PRODUCT_CODE, DEFAULT_PRODUCT_CODE, TURNOVER_BANDS, type TurnoverBand } from "../src/domain/constants";
import { counterOfferPremium } from "../src/domain/format/counter-offer";
import { representativeTurnover } from "../src/domain/format/turnover";
import { activitySplitSchema } from "../src/domain/quote/activity-split";
import {
  ACTIVITY_FIELDS,
  CONTRACT_TYPE_FIELDS,
  DECLARATION_GROUPS,
  SPECIAL_AREAS,
} from "../src/domain/quote/catalogue";
import { contractsSchema } from "../src/domain/quote/contracts";
import { type Declaration, declarationSchema } from "../src/domain/quote/declaration";
import { designLiabilitySchema } from "../src/domain/quote/design-liability";
import { financialOverviewSchema } from "../src/domain/quote/financial-overview";
import { referralReasonFromHits } from "../src/domain/quote/premium";
import { productTypeOf } from "../src/domain/quote/product";
import { ratingInputOf } from "../src/domain/quote/rating-input";
import type { QuoteStatus } from "../src/domain/quote/status";
import { type SeededRandom, seededRandom } from "../src/domain/random";
import { hashPassword } from "../src/server/auth/passwords";
import { type Config, loadConfigFromProcess } from "../src/server/config";
import { type Database, type OpenDatabase, openDatabase } from "../src/server/db/client";
import { seedDatabase } from "../src/server/db/seed";
import { type QuoteRating, ratingColumns } from "../src/server/features/quotes/rating";
import { type EffectiveRater, findEffectiveRater } from "../src/server/features/rating-versions/effective-service";

/** The password of every generated broker account (they are demo data; say so wherever they are listed). */
export const LOAD_BROKER_PASSWORD = "Load-Broker-2026";
/** The reference format DCPI- + 6 digits (docs/product/) holds at most this many quotes. */
export const MAX_QUOTE_REFERENCES = 999_999;
const DAY_MS = 86_400_000;
const LOAD_MONTHS = 18;

export const SURNAMES = [
  "Hartley",
  "Ashworth",
  "Pemberton",
  "Caldwell",
  "Whitfield",
  "Okafor",
  "Kowalski",
  "Barraclough",
  "Fenwick",
  "Gallagher",
  "Hussain",
  "Iqbal",
  "Jennings",
  "Kaur",
  "Lindqvist",
  "McAllister",
  "Nwosu",
  "O'Neill",
  "Patel",
  "Quinlan",
  "Radcliffe",
  "Singh",
  "Thornbury",
  "Underwood",
  "Vickers",
  "Wainwright",
  "Yorke",
  "Zielinski",
  "Ó Briain",
  "Łukasiewicz",
  "Brennan",
  "Castellano",
  "Davenport",
  "Ellison",
  "Fairbairn",
  "Greenhalgh",
];
export const PLACE_WORDS = [
  "Pennine",
  "Severn",
  "Thames",
  "Cotswold",
  "Mersey",
  "Tyne",
  "Chiltern",
  "Wessex",
  "Humber",
  "Medway",
  "Solent",
  "Clyde",
  "Brecon",
  "Mendip",
  "Lune",
  "Wear",
  "Trent",
  "Kennet",
  "Łódź",
  "Ouse",
];
export const TRADE_WORDS = [
  "Design & Build",
  "Construction",
  "Building Services",
  "Structural Design",
  "Architects",
  "Engineering",
  "Contractors",
  "Civil Engineering",
  "Interiors",
  "Roofing",
  "M&E Services",
  "Groundworks",
  "Joinery",
  "Developments",
  "Build",
  "Projects",
  "Surveying",
  "Fit-Out",
  "Renewables",
  "Cladding",
];
export const SUFFIXES = ["Ltd", "Limited", "Ltd", "Ltd", "LLP", "& Sons Ltd", "Group Ltd", "(UK) Ltd"];
const TOWNS: readonly [string, string][] = [
  ["Leeds", "LS1"],
  ["Manchester", "M4"],
  ["Bristol", "BS1"],
  ["Birmingham", "B3"],
  ["Newcastle upon Tyne", "NE1"],
  ["Sheffield", "S1"],
  ["Nottingham", "NG1"],
  ["Cardiff", "CF10"],
  ["Glasgow", "G2"],
  ["Edinburgh", "EH2"],
  ["Reading", "RG1"],
  ["Norwich", "NR2"],
  ["Exeter", "EX1"],
  ["York", "YO1"],
  ["Cambridge", "CB2"],
  ["Southampton", "SO14"],
  ["Leicester", "LE1"],
  ["Belfast", "BT1"],
  ["Brighton", "BN1"],
  ["London", "EC2A"],
];
const STREETS = [
  "High Street",
  "Station Road",
  "Mill Lane",
  "Church Street",
  "Victoria Road",
  "Park Road",
  "King Street",
];
const BROKER_FIRST_NAMES = [
  "Amelia",
  "Oliver",
  "Priya",
  "James",
  "Sofia",
  "Mohammed",
  "Grace",
  "Tomasz",
  "Aisha",
  "Liam",
];
const BROKER_LAST_NAMES = [
  "Carter",
  "Nowak",
  "Sharma",
  "Evans",
  "Murphy",
  "Ahmed",
  "Clarke",
  "Rossi",
  "Bailey",
  "Reid",
];
const CLIENTS = [
  "Northgate Homes",
  "Crown Estates Property",
  "Riverside NHS Trust",
  "Meridian Retail",
  "Harbour Council",
];

/** One insured's wizard answers and step-7 choices: the part of a quote the rating depends on. */
interface RiskProfile {
  productCode: string;
  numberOfQualifiedStaff: number;
  numberOfDirectors: number;
  hasFinancialInterest: boolean;
  financialInterestDetails: string | null;
  businessActivity: string;
  financialOverview: Record<string, unknown>;
  designLiability: Record<string, unknown>;
  activitySplit: Record<string, unknown>;
  contracts: Record<string, unknown>;
  declaration: Declaration;
  risk: Record<string, unknown>;
  turnoverBand: TurnoverBand;
}

/** Shares that add to 100 with one decimal, over `count` fields, most weight on a few. */
function percentShares(random: SeededRandom, count: number, used: number): number[] {
  const shares = new Array<number>(count).fill(0);
  const chosen = Array.from({ length: used }, () => Math.floor(random.next() * count));
  const weights = chosen.map(() => 1 + random.next() * 4);
  const sum = weights.reduce((a, b) => a + b, 0);
  let remaining = 1000;
  chosen.forEach((index, i) => {
    const tenths = i === chosen.length - 1 ? remaining : Math.floor(((weights[i] as number) / sum) * 1000);
    remaining -= tenths;
    shares[index] = (shares[index] as number) + tenths;
  });
  return shares.map((tenths) => tenths / 10);
}

function generateProfile(random: SeededRandom): RiskProfile {
  const band = random.pick([...TURNOVER_BANDS, "up_to_500k", "500k_to_1m"] as const);
  const bandValue = representativeTurnover(band);
  // Most declare a turnover inside their band; a few are above 2,000,000 (which refers).
  const turnover = random.chance(0.04)
    ? random.int(2_000_001, 6_000_000)
    : Math.max(1, Math.round(bandValue * (0.7 + random.next() * 0.5)));
  const allUk = !random.chance(0.05);
  const coverLimitAggregate = random.pick([250_000, 500_000, 1_000_000, 1_000_000, 1_000_000, 2_000_000, 5_000_000]);
  const covers: Record<string, unknown> = {};
  if (random.chance(0.15)) {
    covers.hasDirectorsOfficersInsurance = true;
    covers.directorsOfficersLimit = random.pick([100_000, 250_000, 500_000, 1_000_000]);
  }
  for (const [flag, limit] of [
    ["hasContentsInsurance", "contentsLimit"],
    ["hasBusinessEquipmentComputers", "businessEquipmentComputersLimit"],
    ["hasBusinessEquipmentSpecialist", "businessEquipmentSpecialistLimit"],
    ["hasStockContents", "stockContentsLimit"],
  ] as const) {
    if (random.chance(0.12)) {
      covers[flag] = true;
      covers[limit] = random.chance(0.1) ? random.int(1, 1000) * 1_000 : random.int(1, 10) * 5_000;
    }
  }
  const financialOverview = financialOverviewSchema.parse({
    coverLimitAggregate,
    turnover,
    largestSingleProjectValue: Math.round(turnover * (0.05 + random.next() * 0.5)),
    isAllTurnoverUK: allUk,
    overseasWorkSplit: allUk
      ? null
      : random.pick(["Ireland 60%, France 40%", "Netherlands 100%", "Spain 30%, UAE 70%"]),
    hasNonUKJurisdictionWork: !allUk && random.chance(0.4),
    turnoverIncrease20Percent: random.chance(0.05),
    ...covers,
  });

  const splits = percentShares(random, 5, random.int(1, 3));
  const feeWork = random.chance(0.4);
  const designLiability = designLiabilitySchema.parse({
    turnoverSplitInHouseDesign: splits[0],
    turnoverSplitThirdPartyAppointed: splits[1],
    turnoverSplitThirdPartyNotAppointed: splits[2],
    turnoverSplitMaintenance: splits[3],
    turnoverSplitOther: splits[4],
    turnoverSplitOtherDetails: (splits[4] ?? 0) > 0 ? "Temporary works design" : null,
    undertakesWorkForFee: feeWork,
    feesDesignSupervisory: feeWork ? random.int(1, 40) * 1_000 : 0,
    feesOtherWork: 0,
  });

  const activityShares = percentShares(random, ACTIVITY_FIELDS.length, random.int(1, 4));
  const activitySplit = activitySplitSchema.parse({
    ...Object.fromEntries(ACTIVITY_FIELDS.map((field, i) => [field.key, activityShares[i]])),
    otherDetails: (activityShares[ACTIVITY_FIELDS.length - 1] ?? 0) > 0 ? "Party wall surveys" : null,
  });

  const contractShares = percentShares(random, CONTRACT_TYPE_FIELDS.length, random.int(1, 4));
  const recurring = random.chance(0.3);
  const contracts = contractsSchema.parse({
    hasRecurringContracts: recurring,
    recurringContracts: recurring
      ? [
          {
            clientName: random.pick(CLIENTS),
            valueToFirm: random.int(20, 400) * 1_000,
            overallContractValue: random.int(500, 5_000) * 1_000,
            scopeOfWork: "Framework design and build of minor works",
            startDate: "2024-04-01",
          },
        ]
      : [],
    ...Object.fromEntries(CONTRACT_TYPE_FIELDS.map((field, i) => [field.key, contractShares[i]])),
    specialAreaDetails: random.chance(0.04) ? random.pick(SPECIAL_AREAS) : null,
    otherContractDetails: null,
  });

  const answers: Record<string, boolean> = {};
  for (const group of DECLARATION_GROUPS) {
    for (const question of group.questions) {
      answers[question.key] =
        question.key === "subcontractorInsuranceConfirmed" ? !random.chance(0.03) : random.chance(0.012);
    }
  }
  const declaration = declarationSchema.parse({
    ...answers,
    comprehensiveDetails: Object.values(answers).some((yes) => yes) ? "Details provided to the underwriter" : null,
  });

  const staff = random.int(0, 60);
  const hasFinancialInterest = random.chance(0.06);
  const excessDiscount = random.pick(["standard", "standard", "standard", "2x", "5x"] as const);
  return {
    productCode: random.chance(0.97) ? DC_PI_PRODUCT_CODE : DEFAULT_PRODUCT_CODE,
    numberOfQualifiedStaff: staff,
    numberOfDirectors: random.int(1, 8),
    hasFinancialInterest,
    financialInterestDetails: hasFinancialInterest ? "Shareholding in a sister property company" : null,
    businessActivity: random.pick(BUSINESS_ACTIVITIES),
    financialOverview,
    designLiability,
    activitySplit,
    contracts,
    declaration,
    risk: { ...covers, coverLimitAggregate, excessDiscount },
    turnoverBand: band,
  };
}

export interface LoadBroker {
  id: string;
  email: string;
}

/** Creates (or finds) `count` broker accounts named like people, e-mails loadbroker-NN@example.com. */
export async function ensureLoadBrokers(db: Database, count: number): Promise<LoadBroker[]> {
  const random = seededRandom(7);
  const passwordHash = await hashPassword(LOAD_BROKER_PASSWORD);
  const brokers: LoadBroker[] = [];
  for (let i = 1; i <= count; i++) {
    const email = `loadbroker-${String(i).padStart(2, "0")}@example.com`;
    const name = `${random.pick(BROKER_FIRST_NAMES)} ${random.pick(BROKER_LAST_NAMES)}`;
    const result = await db.execute<{ id: string }>(sql`
      insert into users (name, email, role, password_hash) values (${name}, ${email}, 'BROKER', ${passwordHash})
      on conflict (email) where deleted_at is null do update set email = excluded.email
      returning id`);
    const id = (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
    if (!id) throw new Error(`Could not create the load broker ${email}`);
    brokers.push({ id, email });
  }
  return brokers;
}

/** A Postgres array literal ('{"a",NULL,"b"}') for one parameter: the same text on both drivers. */
export function pgArrayLiteral(values: readonly Cell[]): string {
  const items = values.map((value) => {
    if (value === null) return "NULL";
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(",")}}`;
}

/** One CSV field as COPY reads it: empty (unquoted) is NULL, text is always quoted. */
export function csvField(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return `"${value.replace(/"/g, '""')}"`;
}

/** The columns a loaded quote fills, with the SQL type each one's array parameter is cast to. */
const COLUMNS: readonly [string, string][] = [
  ["reference", "text"],
  ["policy_number", "text"],
  ["status", "quote_status"],
  ["product_code", "text"],
  ["product_type", "text"],
  ["proposer_name", "text"],
  ["contact_email", "text"],
  ["broker_id", "uuid"],
  ["trading_name", "text"],
  ["business_address", "text"],
  ["inception_date", "date"],
  ["incorporation_date", "date"],
  ["number_of_directors", "integer"],
  ["number_of_qualified_staff", "integer"],
  ["has_financial_interest", "boolean"],
  ["financial_interest_details", "text"],
  ["insureds_details", "jsonb"],
  ["financial_overview", "jsonb"],
  ["design_liability", "jsonb"],
  ["activity_split", "jsonb"],
  ["contracts", "jsonb"],
  ["declaration", "jsonb"],
  ["risk", "jsonb"],
  ["turnover_band", "text"],
  ["base_premium", "bigint"],
  ["fees", "jsonb"],
  ["fees_total", "bigint"],
  ["taxes", "bigint"],
  ["total_premium", "bigint"],
  ["rating_version_id", "uuid"],
  ["rating_result", "jsonb"],
  ["referral_reason", "text"],
  ["referred_at", "timestamptz"],
  ["rated_at", "timestamptz"],
  ["decision", "underwriter_decision"],
  ["adjustment_multiplier", "numeric"],
  ["decided_at", "timestamptz"],
  ["decided_by", "uuid"],
  ["issued_at", "timestamptz"],
  ["created_at", "timestamptz"],
  ["updated_at", "timestamptz"],
  ["version", "integer"],
];
const COLUMN_LIST = COLUMNS.map(([name]) => name).join(", ");

type Cell = string | number | boolean | null;

/** Writes one batch of rows (cells in COLUMNS order) the fastest way the driver offers. */
type BatchWriter = (rows: readonly Cell[][]) => Promise<void>;

/**
 * PGlite: COPY FROM a CSV blob (about twice as fast as any INSERT in its single WebAssembly thread).
 * PostgreSQL: INSERT ... SELECT FROM unnest(one array parameter per column), whatever the batch size.
 */
function batchWriterFor(database: Pick<OpenDatabase, "db" | "pglite">): BatchWriter {
  const { pglite } = database;
  if (pglite) {
    return async (rows) => {
      const csv = rows.map((row) => row.map(csvField).join(",")).join("\n");
      await pglite.query(`copy quotes (${COLUMN_LIST}) from '/dev/blob' with (format csv)`, [], {
        blob: new Blob([csv]),
      });
    };
  }
  return async (rows) => {
    const columns = COLUMNS.map(([, type], c) => {
      const literal = pgArrayLiteral(rows.map((row) => row[c] ?? null));
      // jsonb travels as text[]: a jsonb[] literal would need every document quoted twice.
      return sql`${literal}::${sql.raw(type === "jsonb" ? "text" : type)}[]`;
    });
    const selectList = COLUMNS.map(([name, type]) => (type === "jsonb" ? `${name}::jsonb` : name)).join(", ");
    await database.db.execute(sql`
      insert into quotes (${sql.raw(COLUMN_LIST)})
      select ${sql.raw(selectList)} from unnest(${sql.join(columns, sql`, `)}) as t(${sql.raw(COLUMN_LIST)})`);
  };
}

/** `count` numbers from the product's reference sequence, so quotes created later continue after them. */
async function takeReferenceNumbers(db: Database, count: number): Promise<number[]> {
  const result = await db.execute<{ n: string }>(
    sql`select nextval('quote_reference_seq') as n from generate_series(1, ${count})`,
  );
  return (result as unknown as { rows: { n: string | number }[] }).rows.map((row) => Number(row.n));
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A rated profile with its JSON documents serialised once: thousands of quotes share each one. */
interface RatedProfile {
  profile: RiskProfile;
  hasHits: boolean;
  referralReason: string;
  premium: { basePremium: number; feesTotal: number; taxes: number; totalPremium: number };
  ratingVersionId: string;
  json: {
    financialOverview: string;
    designLiability: string;
    activitySplit: string;
    contracts: string;
    declaration: string;
    risk: string;
    fees: string;
    ratingResult: string;
  };
}

/** Status shares, by whether the risk has referral hits (only those are REFERRED). */
const STATUSES_WITH_HITS: readonly [QuoteStatus, number][] = [
  ["DRAFT", 0.25],
  ["REFERRED", 0.3],
  ["UW_APPROVED", 0.14],
  ["UW_DECLINED", 0.1],
  ["QUOTED", 0.13],
  ["ISSUED", 0.08],
];
const STATUSES_WITHOUT_HITS: readonly [QuoteStatus, number][] = [
  ["DRAFT", 0.25],
  ["QUOTED", 0.4],
  ["ISSUED", 0.25],
  ["UW_REQUESTED", 0.04],
  ["UW_APPROVED", 0.04],
  ["UW_DECLINED", 0.02],
];

function pickWeighted<T>(random: SeededRandom, items: readonly [T, number][]): T {
  let roll = random.next();
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return (items[items.length - 1] as [T, number])[0];
}

function companyName(random: SeededRandom): string {
  const first = random.chance(0.5) ? random.pick(SURNAMES) : random.pick(PLACE_WORDS);
  const second = random.chance(0.3) ? ` & ${random.pick(SURNAMES)}` : "";
  return `${first}${second} ${random.pick(TRADE_WORDS)} ${random.pick(SUFFIXES)}`;
}

export interface LoadQuotesOptions {
  count: number;
  brokers: readonly LoadBroker[];
  /** Who recorded the underwriting decisions (an UNDERWRITER's id). */
  underwriterId: string;
  now: Date;
  seed?: number;
  batchSize?: number;
  /** Distinct risk profiles rated with the engine; quotes share them. */
  profileCount?: number;
  onProgress?: (inserted: number) => void;
}

/** Rates generated profiles with the published version of their product, as POST /rate would store them. */
async function rateProfiles(db: Database, random: SeededRandom, count: number, now: Date): Promise<RatedProfile[]> {
  const today = isoDate(now.getTime());
  const effective = new Map<string, EffectiveRater>();
  for (const code of [DC_PI_PRODUCT_CODE, DEFAULT_PRODUCT_CODE]) {
    const found = await findEffectiveRater(db, code, today);
    if (!found) throw new Error(`No published rating version for ${code}: start the server once so it seeds them`);
    effective.set(code, found);
  }
  const rated: RatedProfile[] = [];
  for (let i = 0; i < count; i++) {
    const profile = generateProfile(random);
    // The same derivation and columns as POST /rate, with the rater looked up once per product.
    const { version, rater } = effective.get(profile.productCode) as EffectiveRater;
    const input = ratingInputOf({ ...profile, insuredsDetails: null });
    const result = rater.rate(input);
    // Load-test brokers belong to no firm, so their quotes carry no commission.
    const rating: QuoteRating = {
      result,
      version,
      input,
      engine: { version, input, options: {}, result },
      commissionRateBasisPoints: null,
    };
    const columns = ratingColumns(rating, now);
    rated.push({
      profile,
      hasHits: rating.result.referralHits.length > 0,
      referralReason: referralReasonFromHits(rating.result.referralHits),
      premium: {
        basePremium: columns.basePremium as number,
        feesTotal: columns.feesTotal as number,
        taxes: columns.taxes as number,
        totalPremium: columns.totalPremium as number,
      },
      ratingVersionId: version.id,
      json: {
        financialOverview: JSON.stringify(profile.financialOverview),
        designLiability: JSON.stringify(profile.designLiability),
        activitySplit: JSON.stringify(profile.activitySplit),
        contracts: JSON.stringify(profile.contracts),
        declaration: JSON.stringify(profile.declaration),
        risk: JSON.stringify(profile.risk),
        fees: JSON.stringify(columns.fees),
        ratingResult: JSON.stringify(columns.ratingResult),
      },
    });
  }
  return rated;
}

/**
 * Inserts `count` generated quotes in batches and returns how many. Premiums, hits and traces come from
 * rating each profile with the rating version in force for its product.
 */
export async function loadQuotes(
  database: Pick<OpenDatabase, "db" | "pglite">,
  options: LoadQuotesOptions,
): Promise<number> {
  const random = seededRandom(options.seed ?? 2026);
  const batchSize = options.batchSize ?? 5_000;
  const nowMs = options.now.getTime();
  const profileCount = Math.min(options.profileCount ?? 5_000, Math.max(50, options.count));
  const rated = await rateProfiles(database.db, random, profileCount, options.now);
  const write = batchWriterFor(database);

  let inserted = 0;
  const spanMs = LOAD_MONTHS * 30.44 * DAY_MS;
  while (inserted < options.count) {
    const size = Math.min(batchSize, options.count - inserted);
    const numbers = await takeReferenceNumbers(database.db, size);
    const rows = numbers.map((number) => generateRow(random, number, rated, options, nowMs, spanMs));
    await write(rows);
    inserted += size;
    options.onProgress?.(inserted);
  }
  return inserted;
}

function generateRow(
  random: SeededRandom,
  referenceNumber: number,
  rated: readonly RatedProfile[],
  options: LoadQuotesOptions,
  nowMs: number,
  spanMs: number,
): Cell[] {
  const chosen = random.pick(rated);
  const { profile, hasHits, referralReason, json } = chosen;
  // Recent months are busier: a square root skews creation towards now.
  const createdMs = nowMs - Math.floor(spanMs * (1 - Math.sqrt(random.next())));
  const updatedMs = Math.min(nowMs, createdMs + Math.floor(random.next() * 20 * DAY_MS));
  const unrated = random.chance(0.1);
  const status: QuoteStatus = unrated
    ? "DRAFT"
    : pickWeighted(random, hasHits ? STATUSES_WITH_HITS : STATUSES_WITHOUT_HITS);
  const broker = random.pick(options.brokers);
  const proposerName = companyName(random);
  const [town, postcodeArea] = random.pick(TOWNS);
  const letter = () => String.fromCharCode(65 + random.int(0, 25));
  const businessAddress = `${random.int(1, 240)} ${random.pick(STREETS)}, ${town}, ${postcodeArea} ${random.int(1, 9)}${letter()}${letter()}`;
  const inceptionDate = isoDate(createdMs + random.int(0, 45) * DAY_MS);
  const incorporationDate = random.chance(0.9) ? isoDate(createdMs - random.int(200, 12_000) * DAY_MS) : null;
  const tradingName = random.chance(0.2)
    ? proposerName.replace(/ (Ltd|Limited|LLP|Group Ltd|& Sons Ltd|\(UK\) Ltd)$/, "")
    : null;
  // Built as the step-1 schema would leave it (the profile's parts were parsed by their schemas already).
  const insuredsDetails = {
    proposerName,
    tradingName,
    // The list answers with the step-1 schema, which always holds this answer (No unless the proposer says Yes).
    isSoleTrader: false,
    businessActivity: profile.businessActivity,
    businessAddress,
    inceptionDate,
    incorporationDate,
    numberOfDirectors: profile.numberOfDirectors,
    numberOfQualifiedStaff: profile.numberOfQualifiedStaff,
    hasFinancialInterest: profile.hasFinancialInterest,
    financialInterestDetails: profile.financialInterestDetails,
  };
  const ratedMs = unrated ? null : createdMs + Math.floor((updatedMs - createdMs) * 0.6);
  const referred = !unrated && hasHits && status !== "DRAFT";
  const decided =
    status === "UW_APPROVED" || status === "UW_DECLINED" || (hasHits && (status === "QUOTED" || status === "ISSUED"));
  const decision = !decided
    ? null
    : status === "UW_DECLINED"
      ? "DECLINED"
      : random.chance(0.3)
        ? "COUNTER"
        : "APPROVED";
  const multiplier = decision === "COUNTER" ? random.pick([0.9, 0.95, 1.05, 1.1, 1.15]) : null;
  let premium = unrated ? null : chosen.premium;
  if (premium && multiplier !== null) {
    const counter = counterOfferPremium({
      basePence: premium.basePremium,
      feesPence: premium.feesTotal,
      taxesPence: premium.taxes,
      multiplier,
    });
    premium = {
      basePremium: counter.basePremium,
      feesTotal: counter.fees,
      taxes: counter.taxes,
      totalPremium: counter.totalPremium,
    };
  }
  const decidedMs = decided && ratedMs !== null ? ratedMs + Math.floor((updatedMs - ratedMs) * 0.5) : null;
  const reference = `DCPI-${String(referenceNumber).padStart(6, "0")}`;
  const productCode = profile.productCode;
  return [
    reference,
    status === "ISSUED" ? `DCPI/POL/${reference.slice(5)}` : null,
    status,
    productCode,
    productTypeOf(productCode),
    proposerName,
    broker.email,
    broker.id,
    tradingName,
    businessAddress,
    inceptionDate,
    incorporationDate,
    profile.numberOfDirectors,
    profile.numberOfQualifiedStaff,
    profile.hasFinancialInterest,
    profile.financialInterestDetails,
    JSON.stringify(insuredsDetails),
    unrated ? null : json.financialOverview,
    unrated ? null : json.designLiability,
    unrated ? null : json.activitySplit,
    unrated ? null : json.contracts,
    unrated ? null : json.declaration,
    unrated ? null : json.risk,
    unrated ? null : profile.turnoverBand,
    premium?.basePremium ?? null,
    premium ? json.fees : null,
    premium?.feesTotal ?? null,
    premium?.taxes ?? null,
    premium?.totalPremium ?? null,
    unrated ? null : chosen.ratingVersionId,
    unrated ? null : json.ratingResult,
    referred ? referralReason : null,
    referred && ratedMs !== null ? iso(ratedMs + 60_000) : null,
    ratedMs === null ? null : iso(ratedMs),
    decision,
    multiplier,
    decidedMs === null ? null : iso(decidedMs),
    decided ? options.underwriterId : null,
    status === "ISSUED" ? iso(updatedMs) : null,
    iso(createdMs),
    iso(updatedMs),
    unrated ? 1 : random.int(3, 12),
  ];
}

function parseArguments(argv: readonly string[]): { quotes: number; brokers: number; batch: number; seed: number } {
  const values: Record<string, number> = { quotes: 10_000, brokers: 40, batch: 5_000, seed: 2026 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? "";
    const match = /^--(quotes|brokers|batch|seed)(?:=(.*))?$/.exec(flag);
    if (!match) throw new Error(`Unknown argument ${flag} (expected --quotes N, --brokers N, --batch N, --seed N)`);
    const raw = match[2] ?? argv[++i];
    const value = Number(String(raw).replace(/[_,]/g, ""));
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`--${match[1]} needs a whole number above 0, got ${raw}`);
    values[match[1] as string] = value;
  }
  return values as { quotes: number; brokers: number; batch: number; seed: number };
}

async function main(): Promise<void> {
  const args = parseArguments(process.argv.slice(2));
  const config: Config = loadConfigFromProcess();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await seedDatabase(database.db, { ...config, seedDemo: true });
    const existing = await database.db.execute<{ last: string | null }>(
      sql`select max(substr(reference, 6))::int as last from quotes`,
    );
    const last = Number((existing as unknown as { rows: { last: number | null }[] }).rows[0]?.last ?? 0);
    const room = MAX_QUOTE_REFERENCES - last;
    if (args.quotes > room) {
      throw new Error(
        `The reference format (DCPI- and 6 digits) leaves room for ${room.toLocaleString("en-GB")} more quotes in this database; ask for at most that many`,
      );
    }
    const underwriter = await database.db.execute<{ id: string }>(
      sql`select id from users where role = 'UNDERWRITER' and deleted_at is null order by created_at limit 1`,
    );
    const underwriterId = (underwriter as unknown as { rows: { id: string }[] }).rows[0]?.id;
    if (!underwriterId) throw new Error("No underwriter account exists to have recorded the decisions");
    const brokers = await ensureLoadBrokers(database.db, args.brokers);
    const started = performance.now();
    const target = args.quotes;
    process.stderr.write(
      `Loading ${target.toLocaleString("en-GB")} quotes into ${database.kind} (${args.brokers} brokers, password ${LOAD_BROKER_PASSWORD})\n`,
    );
    await loadQuotes(database, {
      count: target,
      brokers,
      underwriterId,
      now: new Date(),
      seed: args.seed,
      batchSize: args.batch,
      onProgress(inserted) {
        const seconds = (performance.now() - started) / 1000;
        const rate = Math.round(inserted / seconds);
        const eta = Math.round((target - inserted) / Math.max(1, rate));
        process.stderr.write(
          `\r  ${inserted.toLocaleString("en-GB")} / ${target.toLocaleString("en-GB")} quotes  ${rate.toLocaleString("en-GB")}/s  ${seconds.toFixed(0)} s elapsed, ~${eta} s left   `,
        );
      },
    });
    process.stderr.write("\n  vacuuming and analysing...\n");
    // VACUUM sets the visibility map, so counts can be answered from indexes alone; ANALYZE gives the
    // planner the new book's statistics.
    await database.db.execute(sql`vacuum analyze quotes`);
    await database.db.execute(sql`analyze users`);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`Loaded ${target.toLocaleString("en-GB")} quotes in ${seconds.toFixed(1)} s\n`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`\nseed:load failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
