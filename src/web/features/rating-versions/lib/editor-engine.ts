/**
 * What the editor runs the rating engine, CEL or zod for: the form's check, Validate, Test Rating, the test
 * cases, the summary of a configuration being edited and 'Compare with published'. One chunk, fetched when the
 * administrator first comes to the editor (a focus or a pointer on it) or presses one of its buttons, so an
 * editor opens on a saved version without it (docs/decisions/0056).
 */
export { PREMIUM_LINES } from "@domain/quote/premium-lines";
export { testRatingInput } from "@domain/rating/version";
export { compareWithPublished } from "../compare";
export { editorResolver } from "../editor-check";
export { checkTestCaseDrafts, runTestCaseDrafts } from "../test-cases";
export {
  checkRatingConfigText,
  checkTestRisk,
  readRatingConfig,
  runTestRating,
  testRiskOrDefaults,
} from "../test-rating";
export { checkReceiptFile } from "./receipt-check";
