/**
 * One issued policy's new-business transaction as the bordereau reads it, for the domain's tests of the bordereau's lines and the API's
 * tests of its CSV: a leap-day inception (the expiry is the day before the anniversary), the 2x excess option
 * and a postcode written in lower case at the end of the address. It lives beside the domain because a domain
 * test may import nothing outside src/domain (scripts/check-layers.mjs); the API's tests import it from here.
 */
import type { PolicyTransactionRecord } from "./bordereau";

export const SAMPLE_ISSUED_POLICY: PolicyTransactionRecord = {
  kind: "NEW_BUSINESS",
  effectiveDate: "2028-02-29",
  transactionAt: new Date("2026-11-03T09:15:00.000Z"),
  policyNumber: "FU-DCPI-000042",
  quoteReference: "DCPI-000042",
  insuredName: "Acme Design & Build Ltd",
  tradingName: null,
  businessAddress: "Unit 4, Mill Lane, Leeds, ls1 4ap",
  businessActivity: "Architect",
  inceptionDate: "2028-02-29",
  coverLimit: 1_000_000,
  excessOption: "2x",
  limitBasis: "AGGREGATE",
  defenceCosts: "INCLUSIVE",
  retroactiveCover: { retroactiveCover: "DATE", retroactiveDate: "2019-04-01" },
  runOffYears: null,
  basePremium: 123_456,
  fees: 5_000,
  taxes: 15_415,
  totalPremium: 143_871,
  commissionRateBasisPoints: 1250,
  ratingVersion: "2026 rates (v3)",
  brokerName: "Bea Broker",
  brokerEmail: "broker@example.com",
  issuedAt: new Date("2026-11-03T09:15:00.000Z"),
  receiptHash: null,
};
