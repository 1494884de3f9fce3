/**
 * The rating engine's own version, written into every rating receipt (docs/product/receipts.md). The rule: it
 * changes whenever a change to the engine (compile.ts and what it calls, the worksheet, the rating input's
 * fields) would make any stored receipt re-rate to a different result. The receipts corpus test
 * (tests/fixtures/receipts) fails on such a change until the version moves on; the verifier then keeps the older
 * engine beside the new one, or reports receipts of the older version as ones it cannot verify.
 */
export const ENGINE_VERSION = "1";
