/**
 * The one Drizzle pg-core schema, shared by PGlite and node-postgres (ADR 0002). Money columns hold integer
 * pence (ADR 0003) as bigint read back as JS numbers (safe far beyond any premium). Wizard sections are JSONB
 * (validated by the domain's zod schemas before they are written); what lists, search and reports need is also
 * a column.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ROLES } from "../../domain/auth/schemas";
import type { DefenceCosts, LimitBasis } from "../../domain/format/limit-basis";
import { POLICY_TRANSACTION_KINDS } from "../../domain/quote/policy-transactions";
import type { Quote } from "../../domain/quote/quote";
import type { Risk } from "../../domain/quote/risk";
import { QUOTE_STATUSES } from "../../domain/quote/status";
import type { StoredFeeLine, StoredRatingResult } from "../../domain/quote/stored-rating";
import type { TurnoverBand } from "../../domain/quote/turnover-band";
import type { ImpactReport } from "../../domain/rating/impact";
import type { RatingTestCase } from "../../domain/rating/test-cases";
import { RATING_VERSION_STATUSES } from "../../domain/rating/version";
import { RECEIPT_KINDS } from "../../domain/receipt/receipt";
import type { Authority } from "../../domain/underwriting/authority";
import { UNDERWRITER_DECISIONS } from "../../domain/underwriting/decision";
import { SUBJECTIVITY_STATUSES, SUBJECTIVITY_TIMINGS } from "../../domain/underwriting/terms";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const pence = (name: string) => bigint(name, { mode: "number" });

// Enum values come from the domain, so the database and the API can never disagree on them.
export const userRole = pgEnum("user_role", ROLES);
export const quoteStatus = pgEnum("quote_status", QUOTE_STATUSES);
export const ratingVersionStatus = pgEnum("rating_version_status", RATING_VERSION_STATUSES);
export const underwriterDecision = pgEnum("underwriter_decision", UNDERWRITER_DECISIONS);
export const policyTransactionKind = pgEnum("policy_transaction_kind", POLICY_TRANSACTION_KINDS);
export const ratingReceiptKind = pgEnum("rating_receipt_kind", RECEIPT_KINDS);

/**
 * A broking firm regulated by the FCA (docs/product/firms.md). Its brokers' quotes belong to it as well as to
 * the broker who made them; its lead broker sees them all and may hand one to another of its brokers.
 */
export const firms = pgTable("firms", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** The FCA firm reference number: 6 or 7 digits, one firm per number. */
  fcaReference: text("fca_reference").notNull().unique(),
  address: text("address").notNull(),
  /** The firm's commission in basis points of the premium before IPT (1250 = 12.5%). */
  commissionRateBasisPoints: integer("commission_rate_basis_points").notNull(),
  createdAt: createdAt(),
  updatedAt: timestampTz("updated_at").notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Stored trimmed and lower-cased, so look-ups compare exactly. */
    email: text("email").notNull(),
    role: userRole("role").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: timestampTz("updated_at").notNull().defaultNow(),
    /** Soft delete: the row stays so quotes keep their broker's name (docs/product/permissions.md). */
    deletedAt: timestampTz("deleted_at"),
    /**
     * An underwriter's authority (docs/product/permissions.md): null is full authority, so every underwriter
     * who had none keeps deciding as before.
     */
    authority: jsonb("authority").$type<Authority>(),
    /**
     * The TOTP secret (base32) of the user's authenticator app (docs/product/permissions.md "Two-factor sign-in"):
     * set when enrolment starts, in use once `totpEnabledAt` is set. Never returned by the API after enrolment.
     */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestampTz("totp_enabled_at"),
    /** The last TOTP time step accepted: a code of that step or an earlier one is refused (a reused code). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** A broker's firm; null for a broker not yet placed in one, who sees only their own quotes as before. */
    firmId: uuid("firm_id").references(() => firms.id),
    /** The firm's lead broker sees every quote of the firm and may hand one to another broker of it. */
    isFirmLead: boolean("is_firm_lead").notNull().default(false),
  },
  (t) => [
    // One live account per address; a deleted user's address may be given to a new account.
    uniqueIndex("users_email_live_unique").on(t.email).where(sql`${t.deletedAt} is null`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the random token in the cookie; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestampTz("last_seen_at").notNull().defaultNow(),
    /** Sliding: moved forward on use, never past `absoluteExpiresAt`. */
    idleExpiresAt: timestampTz("idle_expires_at").notNull(),
    absoluteExpiresAt: timestampTz("absolute_expires_at").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    /** When the user last proved who they are on this session (sign-in, password or code): re-authentication. */
    reauthenticatedAt: timestampTz("reauthenticated_at").notNull().defaultNow(),
    /** The user's role requires a second factor they have not enrolled: only enrolment is open to this session. */
    enrolmentRequired: boolean("enrolment_required").notNull().default(false),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One-time recovery codes for a user's second factor: only a salted SHA-256 of each is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    usedAt: timestampTz("used_at"),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * A password accepted for a user who has a second factor: the browser holds the token (signed cookie) for a few
 * minutes, and one right code turns it into a session, once. Only the token's SHA-256 is kept.
 */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestampTz("expires_at").notNull(),
    usedAt: timestampTz("used_at"),
  },
  (t) => [index("sign_in_challenges_user_idx").on(t.userId)],
);

/** Settings an administrator changes in the product (each audited), one row per setting. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestampTz("updated_at").notNull().defaultNow(),
  updatedBy: uuid("updated_by").references(() => users.id),
});

/**
 * Sign-in counters shared by every app instance: failed sign-ins per (account, client address) and per account,
 * and sign-in attempts per client address. `key` names what is counted (see src/server/auth/throttle.ts); an account
 * is the normalised e-mail whether or not such an account exists.
 */
export const signInCounters = pgTable("sign_in_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStartedAt: timestampTz("window_started_at").notNull().defaultNow(),
  lockedUntil: timestampTz("locked_until"),
});

export const ratingVersions = pgTable(
  "rating_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    notes: text("notes"),
    productCode: text("product_code").notNull(),
    /** The rating configuration (docs/product/screens.md / docs/product/rating.md), validated by the engine before it is stored. */
    json: jsonb("json").$type<Record<string, unknown>>().notNull(),
    /**
     * The configuration as its author ordered it: jsonb keeps keys in its own order (shortest first), which
     * buried baseRate in the editor. Null on rows written before it was kept.
     */
    configText: text("config_text"),
    /** The version's test cases (docs/product/rating.md), validated by the domain's schema before they are stored. */
    testCases: jsonb("test_cases").$type<RatingTestCase[]>().notNull().default([]),
    status: ratingVersionStatus("status").notNull().default("DRAFT"),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    /** Exclusive end; null = open-ended. */
    effectiveTo: date("effective_to", { mode: "string" }),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestampTz("updated_at").notNull().defaultNow(),
    publishedAt: timestampTz("published_at"),
  },
  (t) => [index("rating_versions_effective_idx").on(t.productCode, t.status, t.effectiveFrom)],
);

/** DCPI-000001 ... DCPI-999999: the cap makes an exhausted sequence fail loudly instead of minting 7 digits. */
export const quoteReferenceSeq = pgSequence("quote_reference_seq", { startWith: 1, maxValue: 999999 });

/** A wizard section as stored: the domain's shape of it, checked by its zod schema before it is written. */
type Section<K extends keyof Quote> = NonNullable<Quote[K]>;

export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference")
      .notNull()
      .unique()
      .default(sql`'DCPI-' || lpad(nextval('quote_reference_seq')::text, 6, '0')`),
    status: quoteStatus("status").notNull().default("DRAFT"),
    productCode: text("product_code").notNull(),
    productType: text("product_type"),
    proposerName: text("proposer_name").notNull(),
    contactEmail: text("contact_email"),
    /** The user who created the quote (a broker, or an underwriter quoting directly). */
    brokerId: uuid("broker_id")
      .notNull()
      .references(() => users.id),
    /**
     * The broker's firm when the quote was created (docs/product/firms.md): past business stays with the firm
     * that wrote it when the broker moves firm, and with the firm when the broker is deleted.
     */
    firmId: uuid("firm_id").references(() => firms.id),
    tradingName: text("trading_name"),
    businessAddress: text("business_address"),
    inceptionDate: date("inception_date", { mode: "string" }).notNull(),
    incorporationDate: date("incorporation_date", { mode: "string" }),
    /** A sole trader has no incorporation date; the documents name them as a sole trader, not a company. */
    isSoleTrader: boolean("is_sole_trader").notNull().default(false),
    /** When a sole trader began trading, if the broker gave it. */
    tradingSince: date("trading_since", { mode: "string" }),
    numberOfDirectors: integer("number_of_directors").notNull().default(1),
    numberOfQualifiedStaff: integer("number_of_qualified_staff").notNull().default(0),
    hasFinancialInterest: boolean("has_financial_interest").notNull().default(false),
    financialInterestDetails: text("financial_interest_details"),
    insuredsDetails: jsonb("insureds_details").$type<Section<"insuredsDetails">>(),
    financialOverview: jsonb("financial_overview").$type<Section<"financialOverview">>(),
    designLiability: jsonb("design_liability").$type<Section<"designLiability">>(),
    activitySplit: jsonb("activity_split").$type<Section<"activitySplit">>(),
    contracts: jsonb("contracts").$type<Section<"contracts">>(),
    declaration: jsonb("declaration").$type<Section<"declaration">>(),
    /** The step-7 selections (turnover band, cover limit, excess option, additional covers). */
    risk: jsonb("risk").$type<Risk>(),
    turnoverBand: text("turnover_band").$type<TurnoverBand>(),
    /** How the limit applies and where defence costs sit, chosen on step 7; every earlier quote is aggregate, inclusive. */
    limitBasis: text("limit_basis").$type<LimitBasis>().notNull().default("AGGREGATE"),
    defenceCosts: text("defence_costs").$type<DefenceCosts>().notNull().default("INCLUSIVE"),
    basePremium: pence("base_premium"),
    fees: jsonb("fees").$type<StoredFeeLine[]>(),
    feesTotal: pence("fees_total"),
    taxes: pence("taxes"),
    totalPremium: pence("total_premium"),
    premiumOverridden: boolean("premium_overridden").notNull().default(false),
    overrideBasePremium: pence("override_base_premium"),
    /**
     * The broker's commission in basis points of the premium before IPT (docs/product/firms.md "Commission"): the
     * firm's rate when the quote was last rated, or an underwriter's rate for this quote; null when the quote has
     * no firm (no commission) or has not been rated. Kept on the quote so a later change to the firm's rate leaves
     * its figures, and its policy's, as they were.
     */
    commissionRateBasisPoints: integer("commission_rate_basis_points"),
    /** An underwriter set this quote's commission: a rating keeps it instead of taking the firm's rate. */
    commissionOverridden: boolean("commission_overridden").notNull().default(false),
    ratingVersionId: uuid("rating_version_id").references(() => ratingVersions.id),
    /** The engine's result as rated: breakdown, factor trace, referral hits, multiplier. */
    ratingResult: jsonb("rating_result").$type<StoredRatingResult>(),
    referralReason: text("referral_reason"),
    referredAt: timestampTz("referred_at"),
    ratedAt: timestampTz("rated_at"),
    decision: underwriterDecision("decision"),
    adjustmentMultiplier: numeric("adjustment_multiplier", { precision: 4, scale: 2, mode: "number" }),
    uwNote: text("uw_note"),
    decidedAt: timestampTz("decided_at"),
    decidedBy: uuid("decided_by").references(() => users.id),
    policyNumber: text("policy_number").unique(),
    issuedAt: timestampTz("issued_at"),
    createdAt: createdAt(),
    updatedAt: timestampTz("updated_at").notNull().defaultNow(),
    /** Optimistic concurrency: every write increments it; a stale `expectedVersion` gets 409. */
    version: integer("version").notNull().default(1),
    /**
     * Everything the dashboard search matches as text, lower-cased, one field per line: reference, proposer,
     * contact e-mail, product code and type, broker name and e-mail (ADR 0024). Kept by database triggers
     * (migration 0004) on every insert and update, and when a broker's name or e-mail changes; never written
     * by the application.
     */
    searchText: text("search_text"),
    /**
     * The issued policy this quote renews (docs/product/life-cycle.md "Renewals"). Unique: a policy is renewed
     * once, so a second request for the same policy fails on the database even when two arrive together.
     */
    renewalOfId: uuid("renewal_of_id")
      .unique()
      .references((): AnyPgColumn => quotes.id),
    /**
     * Whether the broker has answered the declaration for this quote. A renewal copies last year's answers
     * unconfirmed: it cannot be completed until step 6 is saved again.
     */
    declarationConfirmed: boolean("declaration_confirmed").notNull().default(true),
    /**
     * Run-off cover (docs/product/life-cycle.md "Run-off"): the period in whole years, 1 to 12; null for an annual
     * quote. The quote's inception date is the day run-off starts.
     */
    runOffYears: integer("run_off_years"),
    /** The policy a run-off was quoted from; unique, so one policy goes into run-off once. */
    runOffOfId: uuid("run_off_of_id")
      .unique()
      .references((): AnyPgColumn => quotes.id),
    /** That policy's last annual base premium, the run-off's basis (pence); null for a firm rated afresh. */
    runOffAnnualPremium: pence("run_off_annual_premium"),
  },
  (t) => [
    index("quotes_status_idx").on(t.status),
    index("quotes_broker_idx").on(t.brokerId),
    // A firm lead's list reads the firm's quotes.
    index("quotes_firm_idx").on(t.firmId).where(sql`${t.firmId} is not null`),
    // The dashboard's page order lives on the narrow quote_search rows (ADR 0043), not here: an index on
    // updated_at, which every write changes, would keep every quote write from being a HOT update.
    // Impact analysis reads a product's most recently rated quotes in (rated_at, id) keyset pages (ADR 0025).
    index("quotes_product_rated_at_idx").on(t.productCode, t.ratedAt, t.id),
    // The monthly bordereau reads the policies issued in a month. Only issued quotes are in it, and a quote's
    // issue time is written once, so ratings and edits never touch it.
    index("quotes_issued_at_idx").on(t.issuedAt).where(sql`${t.issuedAt} is not null`),
    // 'Renewals due' reads the issued policies whose period ends near today, by inception date.
    index("quotes_issued_inception_idx").on(t.inceptionDate).where(sql`${t.status} = 'ISSUED'`),
    check("quotes_run_off_years_check", sql`${t.runOffYears} between 1 and 12`),
  ],
);

/**
 * What the dashboard list filters, orders and counts by, one narrow row per quote (ADR 0043): the search
 * text, broker, status and last change. A search and its total are answered here, a few rows per page, and
 * only the 25 quotes shown are read from the wide `quotes` rows. Kept by a database trigger on quotes
 * (migration 0016) in the same statement as every write; never written by the application.
 */
export const quoteSearch = pgTable(
  "quote_search",
  {
    quoteId: uuid("quote_id")
      .primaryKey()
      .references(() => quotes.id, { onDelete: "cascade" }),
    brokerId: uuid("broker_id").notNull(),
    status: quoteStatus("status").notNull(),
    updatedAt: timestampTz("updated_at").notNull(),
    /** The quote's `search_text` (lower-cased, one field per line; ADR 0024). */
    searchText: text("search_text").notNull(),
  },
  (t) => [
    // One trigram index serves the whole case-insensitive substring search (every text field at once).
    index("quote_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // A search also matches the statuses it names ("referred"): the database ORs this with the trigram index.
    index("quote_search_status_idx").on(t.status),
    // A search's page in list order (updatedAt desc, id desc), for everyone and for a broker's own quotes.
    index("quote_search_updated_at_idx").on(t.updatedAt.desc().nullsFirst(), t.quoteId.desc().nullsFirst()),
    // The status last: a broker's status filter and its count are answered from this index alone.
    index("quote_search_broker_updated_at_idx").on(
      t.brokerId,
      t.updatedAt.desc().nullsFirst(),
      t.quoteId.desc().nullsFirst(),
      t.status,
    ),
  ],
);

/**
 * How many quotes each broker has in each status (ADR 0043): the list's total without a search text (a first
 * page, a status filter, a broker's own list) is a sum over a few of these rows instead of a count over the
 * book, and the dashboard's figures (count and premium per status) a sum over them too. Kept exact by a
 * database trigger on quotes (migrations 0021 and 0023) in the same transaction as every insert, delete and
 * change of broker, status or total premium; never written by the application.
 */
export const quoteCounts = pgTable(
  "quote_counts",
  {
    brokerId: uuid("broker_id").notNull(),
    status: quoteStatus("status").notNull(),
    quotes: integer("quotes").notNull(),
    /** The sum of those quotes' total premiums (pence; an unrated quote adds nothing), for the dashboard's figures. */
    totalPremium: pence("total_premium").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brokerId, t.status] })],
);

/**
 * Management information totals (ADR 0079, docs/product/mi.md): how many events of each kind, and their premium,
 * fell in each London month for each firm, broker and turnover band. An event is a quote created, a referral, an
 * underwriter's decision, or a policy transaction (new business, renewal, adjustment, cancellation). Kept exact
 * by database triggers (migration 0041) in the same transaction as the change to the book, so every chart is a
 * sum over a few hundred of these rows; never written by the application. `firm_id` and `turnover_band` are
 * null for a quote without a firm or a band: the key treats nulls as equal.
 */
export const miTotals = pgTable(
  "mi_totals",
  {
    /** The first day of the London month the event fell in. */
    month: date("month", { mode: "string" }).notNull(),
    firmId: uuid("firm_id"),
    brokerId: uuid("broker_id").notNull(),
    turnoverBand: text("turnover_band"),
    /** MI_MEASURES (src/domain/mi/mi.ts). */
    measure: text("measure").notNull(),
    events: integer("events").notNull(),
    /** The events' premium in pence: the transactions' total premium (a cancellation's is negative). */
    premium: pence("premium").notNull().default(0),
  },
  (t) => [unique("mi_totals_key").on(t.month, t.firmId, t.brokerId, t.turnoverBand, t.measure).nullsNotDistinct()],
);

/**
 * How long referrals waited for a decision: the number of decisions in each month, firm and broker whose wait
 * fell in each duration bucket (decisionBucketOf, src/domain/mi/decision-times.ts). The median and 90th percentile are read
 * from these counts; kept by the same triggers as mi_totals.
 */
export const miDecisionTimes = pgTable(
  "mi_decision_times",
  {
    month: date("month", { mode: "string" }).notNull(),
    firmId: uuid("firm_id"),
    brokerId: uuid("broker_id").notNull(),
    bucket: integer("bucket").notNull(),
    decisions: integer("decisions").notNull(),
  },
  (t) => [unique("mi_decision_times_key").on(t.month, t.firmId, t.brokerId, t.bucket).nullsNotDistinct()],
);

/**
 * Each rated quote's rating input as a compact array (RATING_INPUT_STORED_ORDER), with what the impact
 * analysis selects and orders by: a narrow row the analysis reads instead of de-toasting every rating result
 * (ADR 0037). Kept by a database trigger on quotes (migration 0010) in the same statement as the rating;
 * never written by the application. `inputs` is stored uncompressed: it is small, and read in bulk.
 */
export const quoteRatingInputs = pgTable(
  "quote_rating_inputs",
  {
    quoteId: uuid("quote_id")
      .primaryKey()
      .references(() => quotes.id, { onDelete: "cascade" }),
    productCode: text("product_code").notNull(),
    /** The quote's reference: the report's order among quotes that move alike. */
    reference: text("reference").notNull(),
    ratingVersionId: uuid("rating_version_id").notNull(),
    ratedAt: timestampTz("rated_at").notNull(),
    /** JSON array text of the rating input's values in RATING_INPUT_STORED_ORDER. */
    inputs: text("inputs").notNull(),
  },
  (t) => [index("quote_rating_inputs_scope_idx").on(t.productCode, t.ratedAt, t.quoteId)],
);

/** The referral history: one row per underwriter decision. */
export const underwriterDecisions = pgTable(
  "underwriter_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id),
    underwriterId: uuid("underwriter_id")
      .notNull()
      .references(() => users.id),
    decision: underwriterDecision("decision").notNull(),
    multiplier: numeric("multiplier", { precision: 4, scale: 2, mode: "number" }),
    /** The note for the client (the spec's uwNote): the broker reads it and the documents print it. */
    note: text("note"),
    /** The note for the file: underwriters and administrators only, never printed. */
    fileNote: text("file_note"),
    basePremiumBefore: pence("base_premium_before"),
    totalPremiumBefore: pence("total_premium_before"),
    basePremiumAfter: pence("base_premium_after"),
    totalPremiumAfter: pence("total_premium_after"),
    createdAt: createdAt(),
  },
  (t) => [index("underwriter_decisions_quote_idx").on(t.quoteId, t.createdAt)],
);

/**
 * Questions an underwriter asks the broker on a referred quote, and the answers (docs/product/life-cycle.md). A
 * question is open until answered or closed (by a withdrawal or a decision); the partial unique index keeps at
 * most one open question per quote, so two underwriters asking at once cannot both succeed.
 */
export const referralQuestions = pgTable(
  "referral_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id),
    question: text("question").notNull(),
    askedBy: uuid("asked_by")
      .notNull()
      .references(() => users.id),
    askedAt: createdAt(),
    answer: text("answer"),
    answeredBy: uuid("answered_by").references(() => users.id),
    answeredAt: timestampTz("answered_at"),
    closedAt: timestampTz("closed_at"),
  },
  (t) => [
    index("referral_questions_quote_idx").on(t.quoteId, t.askedAt),
    uniqueIndex("referral_questions_one_open_idx")
      .on(t.quoteId)
      .where(sql`${t.answeredAt} is null and ${t.closedAt} is null`),
  ],
);

/** Append-only: a trigger (migration 0002) refuses UPDATE, DELETE and TRUNCATE. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entityType: text("entity_type").notNull(),
    action: text("action").notNull(),
    entityId: text("entity_id"),
    actorId: uuid("actor_id").references(() => users.id),
    details: jsonb("details").$type<Record<string, unknown> | string>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_log_entity_action_idx").on(t.entityType, t.action),
    // A quote's history on the review screen reads its own entries, oldest first, whatever the log's size.
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.createdAt),
  ],
);

/** Mail written in the same transaction as the change that causes it, sent after commit. */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    sentAt: timestampTz("sent_at"),
    /** Set when no SMTP server is configured and the message was written to the log instead. */
    loggedAt: timestampTz("logged_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [index("outbox_pending_idx").on(t.createdAt).where(sql`${t.sentAt} is null and ${t.loggedAt} is null`)],
);

/**
 * Impact analyses of draft rating versions (ADR 0044): the job as every instance sees it. The queue (pg-boss)
 * only hands a job to an instance; its progress, report or failure live here, so any instance answers a poll.
 */
export const impactJobs = pgTable(
  "impact_jobs",
  {
    id: uuid("id").primaryKey(),
    ratingVersionId: uuid("rating_version_id")
      .notNull()
      .references(() => ratingVersions.id, { onDelete: "cascade" }),
    /** The draft's updatedAt when the job started: an edited draft needs a new analysis. */
    versionStamp: timestampTz("version_stamp").notNull(),
    status: text("status", { enum: ["running", "completed", "failed"] }).notNull(),
    processed: integer("processed").notNull().default(0),
    total: integer("total").notNull().default(0),
    startedAt: timestampTz("started_at").notNull(),
    finishedAt: timestampTz("finished_at"),
    elapsedMs: integer("elapsed_ms").notNull().default(0),
    error: text("error"),
    report: jsonb("report").$type<ImpactReport>(),
    /** Written by the instance running the job every few seconds, on the database's clock. */
    heartbeatAt: timestampTz("heartbeat_at").notNull().defaultNow(),
    /** host:pid of the instance running the job, for the log and for operators. */
    runBy: text("run_by"),
  },
  (t) => [index("impact_jobs_version_idx").on(t.ratingVersionId, t.versionStamp)],
);

/**
 * Password reset links an administrator sends (docs/product/permissions.md "Passwords"): the token is stored
 * hashed, expires, and works once (`usedAt`); a newer link for the same user ends the older ones.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The administrator who sent it. */
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestampTz("expires_at").notNull(),
    /** When the link set a password, or was replaced by a newer one: after that it works no more. */
    usedAt: timestampTz("used_at"),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** Review links e-mailed to underwriters: the token is stored hashed and expires (docs/product/documents.md). */
export const reviewTokens = pgTable(
  "review_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id),
    tokenHash: text("token_hash").notNull().unique(),
    recipient: text("recipient"),
    /**
     * The quote's version the referral left it at: the link reads the review only while the quote still has it
     * (and still awaits a decision), so it ends with the review (docs/product/permissions.md).
     */
    quoteVersion: integer("quote_version").notNull(),
    expiresAt: timestampTz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("review_tokens_quote_idx").on(t.quoteId)],
);

/**
 * Every premium movement on an issued policy (docs/product/life-cycle.md "The policy"): the issue (written by a
 * database trigger in the statement that issues the quote, so no issued policy is ever without it), then each
 * cancellation. Amounts are signed pence: a return is negative. `sequence` numbers a policy's versions from 1; it
 * is unique per policy, and a policy has at most one cancellation, so two racing writes cannot both land.
 */
export const policyTransactions = pgTable(
  "policy_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => quotes.id),
    sequence: integer("sequence").notNull(),
    kind: policyTransactionKind("kind").notNull(),
    effectiveDate: date("effective_date", { mode: "string" }).notNull(),
    basePremium: pence("base_premium").notNull(),
    fees: pence("fees").notNull(),
    taxes: pence("taxes").notNull(),
    totalPremium: pence("total_premium").notNull(),
    /** What the transaction says beyond its figures: a cancellation's reason and basis. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("policy_transactions_policy_sequence_idx").on(t.policyId, t.sequence),
    uniqueIndex("policy_transactions_one_cancellation_idx").on(t.policyId).where(sql`${t.kind} = 'CANCELLATION'`),
    // The monthly bordereau reads the transactions made in a month.
    index("policy_transactions_created_idx").on(t.createdAt),
  ],
);

/** Each configuration text the rating receipts hold, once, by its hash (append-only like the receipts). */
export const ratingReceiptConfigurations = pgTable("rating_receipt_configurations", {
  /** The receipts' `hashes.configuration`. */
  hash: text("hash").primaryKey(),
  configuration: text("configuration").notNull(),
  createdAt: createdAt(),
});

/**
 * Rating receipts (docs/product/receipts.md, ADR 0080): what each rating, adjustment and issue rated, with its
 * hash, written in the same transaction as the change it prices. Immutable: no update path exists and a trigger
 * refuses UPDATE, DELETE and TRUNCATE. `receipt` is the receipt's canonical JSON text, kept byte for byte
 * but for its configuration (the version's whole configuration text, the same in every receipt of the version),
 * which is kept once in `rating_receipt_configurations` and put back whenever a receipt is read.
 * `policySequence` is the policy transaction the receipt prices (1 at issue, the adjustment's sequence after).
 */
export const ratingReceipts = pgTable(
  "rating_receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id),
    kind: ratingReceiptKind("kind").notNull(),
    policySequence: integer("policy_sequence"),
    hash: text("hash").notNull(),
    engineVersion: text("engine_version").notNull(),
    /** The receipt's canonical text without its configuration, which is kept once under `configurationHash`. */
    receipt: text("receipt").notNull(),
    configurationHash: text("configuration_hash")
      .notNull()
      .references(() => ratingReceiptConfigurations.hash),
    createdAt: createdAt(),
  },
  (t) => [index("rating_receipts_quote_idx").on(t.quoteId, t.createdAt), index("rating_receipts_hash_idx").on(t.hash)],
);

/**
 * Mid-term changes a broker asked for that need an underwriter (docs/product/life-cycle.md "Mid-term
 * adjustments"): what was asked, the figures shown, why it refers, and the underwriter's decision. At most one
 * awaits a decision per policy.
 */
export const policyChangeRequests = pgTable(
  "policy_change_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => quotes.id),
    status: text("status").$type<"REFERRED" | "APPROVED" | "DECLINED">().notNull().default("REFERRED"),
    effectiveDate: date("effective_date", { mode: "string" }).notNull(),
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull(),
    /** The figures and reasons as the broker was shown them. */
    figures: jsonb("figures").$type<Record<string, unknown>>().notNull(),
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => users.id),
    requestedAt: timestampTz("requested_at").notNull(),
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestampTz("decided_at"),
    note: text("note"),
  },
  (t) => [
    uniqueIndex("policy_change_requests_one_pending_idx").on(t.policyId).where(sql`${t.status} = 'REFERRED'`),
    index("policy_change_requests_pending_idx").on(t.requestedAt).where(sql`${t.status} = 'REFERRED'`),
  ],
);

export const subjectivityTiming = pgEnum("subjectivity_timing", SUBJECTIVITY_TIMINGS);
export const subjectivityStatus = pgEnum("subjectivity_status", SUBJECTIVITY_STATUSES);

/**
 * The endorsement library (ADR 0066): one row per version of a clause. Editing a clause inserts its next version;
 * a row is never changed, so a decision that pinned a version keeps printing that wording.
 */
export const endorsementClauses = pgTable(
  "endorsement_clauses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    wording: text("wording").notNull(),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("endorsement_clauses_code_version_unique").on(t.code, t.version)],
);

/** The clauses a decision attached to its quote, each at the version it pinned. */
export const quoteEndorsements = pgTable(
  "quote_endorsements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id),
    decisionId: uuid("decision_id")
      .notNull()
      .references(() => underwriterDecisions.id),
    clauseId: uuid("clause_id")
      .notNull()
      .references(() => endorsementClauses.id),
    position: integer("position").notNull(),
  },
  (t) => [index("quote_endorsements_decision_idx").on(t.decisionId, t.position)],
);

/** What a decision made its quote subject to; an underwriter marks each satisfied or waived. */
export const quoteSubjectivities = pgTable(
  "quote_subjectivities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id),
    decisionId: uuid("decision_id")
      .notNull()
      .references(() => underwriterDecisions.id),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    timing: subjectivityTiming("timing").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    status: subjectivityStatus("status").notNull().default("OPEN"),
    resolvedBy: uuid("resolved_by").references(() => users.id),
    resolvedAt: timestampTz("resolved_at"),
  },
  (t) => [
    index("quote_subjectivities_decision_idx").on(t.decisionId, t.position),
    // The queue's overdue list reads only the open post-bind ones.
    index("quote_subjectivities_open_due_idx")
      .on(t.dueDate)
      .where(sql`${t.status} = 'OPEN' and ${t.timing} = 'POST_BIND'`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type FirmRow = typeof firms.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
export type NewQuoteRow = typeof quotes.$inferInsert;
export type RatingVersionRow = typeof ratingVersions.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type UnderwriterDecisionRow = typeof underwriterDecisions.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
export type ReferralQuestionRow = typeof referralQuestions.$inferSelect;
export type ReviewTokenRow = typeof reviewTokens.$inferSelect;
export type ImpactJobRow = typeof impactJobs.$inferSelect;
export type PolicyTransactionRow = typeof policyTransactions.$inferSelect;
export type RatingReceiptRow = typeof ratingReceipts.$inferSelect;
export type NewRatingReceiptRow = typeof ratingReceipts.$inferInsert;
export type PolicyChangeRequestRow = typeof policyChangeRequests.$inferSelect;
export type EndorsementClauseRow = typeof endorsementClauses.$inferSelect;
export type QuoteSubjectivityRow = typeof quoteSubjectivities.$inferSelect;
