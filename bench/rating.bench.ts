/**
 * How fast the compiled D/C-PI rater is, on one core, next to a hand-written TypeScript function that prices
 * the same configuration. Both are run over the same pre-generated, varied inputs (about a third hit a
 * referral); every result is compared first and the run fails loudly if they disagree on any input.
 *
 * Targets: at least 200,000 rates/s on one core (CPU time), and at least 0.7 of the hand-written speed
 * measured in the same run (the ratio is the figure that holds on a busy machine).
 * Run: npm run bench:rating
 */
import { percentOf, roundHalfUp } from "../src/domain/money";
import { seededRandom } from "../src/domain/random";
import { type CompiledRater, compileRatingConfig, type RatingResult } from "../src/domain/rating/compile";
import { DC_PI_RATING_CONFIG } from "../src/domain/rating/configs/dc-pi";
import { defaultRatingInput, type ExcessOption, type RatingInput } from "../src/domain/rating/input";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";

const INPUT_COUNT = 10_000;
const ROUNDS = 7;
const ROUND_MILLISECONDS = 400;

function generateInputs(count: number): { input: RatingInput; excessOption: ExcessOption }[] {
  // Seeded, so every run rates the same inputs.
  const random = seededRandom(20_261_122);
  const pick = random.pick;
  const rarely = random.chance;
  const coverLimit = () => pick([1_000, 5_000, 15_000, 25_000, 50_000, 75_000, 250_000, 1_000_000]);
  return Array.from({ length: count }, () => {
    const turnover = rarely(0.05)
      ? 2_000_000 + Math.floor(random.next() * 3_000_000)
      : pick([400_000, 750_000, 1_250_000, 1_750_000, Math.floor(random.next() * 2_000_000), 200_000.5]);
    const hasContentsInsurance = rarely(0.3);
    const hasDirectorsOfficersInsurance = rarely(0.2);
    const hasBusinessEquipmentComputers = rarely(0.25);
    const input = defaultRatingInput({
      turnover,
      coverLimit: pick([250_000, 500_000, 1_000_000, 2_000_000, rarely(0.3) ? 5_000_000 : 1_000_000]),
      employees: Math.floor(random.next() * 80),
      claimsLast3Yrs: rarely(0.08) ? 1 + Math.floor(random.next() * 4) : 0,
      largestSingleProjectValue: Math.floor(random.next() * 6_000_000),
      responsibleForManufacturing: rarely(0.2),
      isAllTurnoverUK: !rarely(0.04),
      hasNonUKJurisdictionWork: rarely(0.02),
      turnoverIncrease20Percent: rarely(0.04),
      hasSpecialAreaWork: rarely(0.04),
      requiresCoverForWaivedRights: rarely(0.03),
      subcontractorInsuranceConfirmed: !rarely(0.03),
      hasMaterialFacts: rarely(0.05),
      asbestosOrEnvironmentalWork: rarely(0.02),
      previousClaims: rarely(0.02),
      hasDirectorsOfficersInsurance,
      directorsOfficersLimit: hasDirectorsOfficersInsurance ? pick([100_000, 250_000, 500_000, 1_000_000]) : 0,
      hasContentsInsurance,
      contentsLimit: hasContentsInsurance ? coverLimit() : 0,
      hasBusinessEquipmentComputers,
      businessEquipmentComputersLimit: hasBusinessEquipmentComputers ? coverLimit() : 0,
    });
    return { input, excessOption: pick(["standard", "standard", "2x", "5x"] as const) };
  });
}

// --- The same D/C-PI configuration written by hand, as a programmer would without an engine. ---

interface HandResult {
  basePremium: number;
  fees: number[];
  taxes: number;
  totalPremium: number;
  referralCodes: string[];
}

function bandMultiplier(value: number, mins: readonly number[], multipliers: readonly number[]): number {
  for (let index = mins.length - 1; index >= 0; index--) {
    if (value >= (mins[index] as number)) return multipliers[index] as number;
  }
  return 1;
}

const PROPERTY_MINS = [1_000, 5_001, 10_001, 20_001, 30_001, 50_001, 100_001, 250_001, 500_001];
function propertyPremium(limit: number, premiums: readonly number[]): number | undefined {
  if (limit < 1_000 || limit > 1_000_000) return undefined;
  return bandMultiplier(limit, PROPERTY_MINS, premiums) * 100;
}

function rateDcPiByHand(input: RatingInput, excessOption: ExcessOption): HandResult {
  let multiplier =
    bandMultiplier(
      input.turnover,
      [0, 250_001, 500_001, 1_000_001, 1_500_001, 2_000_001],
      [0.8, 1, 1.35, 1.7, 2, 2.4],
    ) *
    bandMultiplier(input.coverLimit, [0, 250_001, 500_001, 1_000_001, 2_000_001], [0.55, 0.75, 1, 1.4, 2.1]) *
    bandMultiplier(input.claimsLast3Yrs, [0, 1, 2, 3], [1, 1.3, 1.6, 2]) *
    bandMultiplier(input.employees, [0, 6, 16, 51], [1, 1.1, 1.25, 1.4]) *
    bandMultiplier(input.largestSingleProjectValue, [0, 250_001, 1_000_001, 5_000_001], [1, 1.1, 1.25, 1.5]) *
    (input.responsibleForManufacturing ? 1.15 : 1);
  multiplier = Math.min(Number(multiplier.toPrecision(12)), 4.5);
  let base = Math.max(45_000, roundHalfUp(75_000 * multiplier));
  if (excessOption === "2x") base = roundHalfUp(base * 0.85);
  if (excessOption === "5x") base = roundHalfUp(base * 0.75);

  const fees = [3_500];
  const unpriced: string[] = [];
  if (input.hasDirectorsOfficersInsurance && input.directorsOfficersLimit > 0) {
    const limit = input.directorsOfficersLimit;
    if (limit >= 1 && limit <= 1_000_000)
      fees.push(bandMultiplier(limit, [1, 100_001, 250_001, 500_001], [295, 475, 695, 995]) * 100);
    else unpriced.push("DIRECTORS_OFFICERS_UNPRICED");
  }
  const property: [boolean, number, string, number[]][] = [
    [input.hasContentsInsurance, input.contentsLimit, "CONTENTS", [40, 60, 95, 130, 185, 320, 650, 1_150, 2_000]],
    [
      input.hasBusinessEquipmentComputers,
      input.businessEquipmentComputersLimit,
      "BUSINESS_EQUIPMENT_COMPUTERS",
      [55, 80, 125, 170, 245, 420, 850, 1_500, 2_600],
    ],
    [
      input.hasBusinessEquipmentSpecialist,
      input.businessEquipmentSpecialistLimit,
      "BUSINESS_EQUIPMENT_SPECIALIST",
      [65, 95, 150, 205, 295, 510, 1_050, 1_850, 3_200],
    ],
    [input.hasStockContents, input.stockContentsLimit, "STOCK", [45, 65, 105, 145, 205, 355, 720, 1_270, 2_200]],
  ];
  for (const [chosen, limit, code, premiums] of property) {
    if (!chosen || limit <= 0) continue;
    const premium = propertyPremium(limit, premiums);
    if (premium === undefined) unpriced.push(`${code}_UNPRICED`);
    else fees.push(premium);
  }

  const referralCodes: string[] = [];
  if (
    input.hasMaterialFacts ||
    input.asbestosOrEnvironmentalWork ||
    input.contractsNotInWriting ||
    input.collateralWarrantiesOrThirdPartyRights ||
    input.everFailedToCompleteProject ||
    input.pastContractsWithDesignLiability ||
    input.doesNotExcludeIndirectLosses ||
    input.businessActivitiesChanged ||
    input.contractsNotAlwaysWritten ||
    input.previousDisciplinaryAction ||
    input.lackRelevantQualifications ||
    input.noBackgroundCheckPolicy ||
    input.requireCoverPreviousBusiness ||
    input.awareOfCircumstances ||
    input.significantFluctuations ||
    input.insuranceDeclined ||
    input.officesOutsideUK ||
    input.previousClaims ||
    input.criminalConvictions
  ) {
    referralCodes.push("MATERIAL_FACTS");
  }
  if (input.claimsLast3Yrs > 0 || input.hasClaims || input.previousClaims) referralCodes.push("PREVIOUS_CLAIMS");
  if (!input.isAllTurnoverUK) referralCodes.push("NON_UK_WORK");
  if (input.hasNonUKJurisdictionWork) referralCodes.push("NON_UK_JURISDICTION");
  if (input.turnoverIncrease20Percent) referralCodes.push("TURNOVER_GROWTH");
  if (input.turnover > 2_000_000) referralCodes.push("TURNOVER_ABOVE_2M");
  if (input.coverLimit > 2_000_000) referralCodes.push("COVER_LIMIT_ABOVE_2M");
  if (input.hasSpecialAreaWork) referralCodes.push("SPECIAL_AREA_WORK");
  if (input.requiresCoverForWaivedRights) referralCodes.push("WAIVED_RIGHTS_OF_RECOURSE");
  if (!input.subcontractorInsuranceConfirmed) referralCodes.push("SUBCONTRACTOR_INSURANCE_NOT_CONFIRMED");
  referralCodes.push(...unpriced);

  let subtotal = base;
  for (const fee of fees) subtotal += fee;
  const taxes = percentOf(subtotal, 12);
  return { basePremium: base, fees, taxes, totalPremium: subtotal + taxes, referralCodes };
}

function summarise(result: RatingResult): HandResult {
  return {
    basePremium: result.basePremium,
    fees: result.fees.map((fee) => fee.amount),
    taxes: result.taxes,
    totalPremium: result.totalPremium,
    referralCodes: result.referralHits.map((hit) => hit.code),
  };
}

/**
 * Rates every input repeatedly for a fixed time; returns rates per second of this process's CPU time, i.e.
 * on one core even when other processes share the machine (wall-clock time would count their turns too).
 * `sink` keeps the optimiser from dropping the work.
 */
function measure(rateOne: (index: number) => number): number {
  let sink = 0;
  const deadline = performance.now() + ROUND_MILLISECONDS;
  let count = 0;
  const cpuBefore = process.cpuUsage();
  while (performance.now() < deadline) {
    for (let index = 0; index < INPUT_COUNT; index++) sink += rateOne(index);
    count += INPUT_COUNT;
  }
  const cpu = process.cpuUsage(cpuBefore);
  if (sink === -1) console.log("unreachable");
  return count / ((cpu.user + cpu.system) / 1_000_000);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

export function runRatingBenchmark(): BenchRecord[] {
  const compiled = compileRatingConfig(DC_PI_RATING_CONFIG);
  if (!compiled.ok) throw new Error(`D/C-PI configuration refused: ${JSON.stringify(compiled.issues)}`);
  const rater: CompiledRater = compiled.rater;
  const cases = generateInputs(INPUT_COUNT);

  let disagreements = 0;
  let referred = 0;
  for (const [index, { input, excessOption }] of cases.entries()) {
    const engine = summarise(rater.rate(input, { excessOption }));
    const hand = rateDcPiByHand(input, excessOption);
    if (engine.referralCodes.length > 0) referred++;
    if (JSON.stringify(engine) !== JSON.stringify(hand)) {
      disagreements++;
      if (disagreements <= 5) {
        console.error(`Disagreement on input ${index} (${excessOption}):`, JSON.stringify(input));
        console.error(`  engine: ${JSON.stringify(engine)}\n  hand:   ${JSON.stringify(hand)}`);
      }
    }
  }
  if (disagreements > 0) {
    console.error(`The engine and the hand-written function disagree on ${disagreements} of ${cases.length} inputs.`);
    process.exitCode = 1;
    return [];
  }

  const engineRates: number[] = [];
  const handRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate so both see the same machine conditions; the first round of each is a warm-up too.
    engineRates.push(
      measure((index) => {
        const item = cases[index] as (typeof cases)[number];
        return rater.rate(item.input, { excessOption: item.excessOption }).totalPremium;
      }),
    );
    handRates.push(
      measure((index) => {
        const item = cases[index] as (typeof cases)[number];
        return rateDcPiByHand(item.input, item.excessOption).totalPremium;
      }),
    );
  }
  const engineRate = median(engineRates.slice(1));
  const handRate = median(handRates.slice(1));

  printReportHeader(
    `Rating engine, D/C-PI configuration, one core (${cases.length.toLocaleString("en-GB")} inputs, ${referred.toLocaleString("en-GB")} referred; engine and hand-written agree on all)`,
  );
  return [
    reportFigure("rating: compiled engine, rates per second", engineRate, "/s", { kind: "at least", value: 200_000 }),
    reportFigure("rating: hand-written TypeScript, rates per second", handRate, "/s", null),
    reportFigure("rating: engine / hand-written speed ratio", engineRate / handRate, "x", {
      kind: "at least",
      value: 0.7,
    }),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = runRatingBenchmark();
  if (records.some((record) => !record.holds)) process.exitCode = 1;
}
