/** What the rating-version API tests share: a configuration of their own, and requests as a signed-in role. */
import type { Role } from "../../src/domain/auth/schemas";
import { PI001_RATING_CONFIG } from "../../src/domain/rating/configs/pi001";
import { signIn } from "./auth";
import type { TestContext } from "./harness";

let productCounter = 0;

/**
 * The PI001 configuration on a product code of its own (`<prefix>-<time>-<n>`), so each test works on its own
 * product and never sees another test's versions.
 */
export function uniqueProductConfig(prefix: string, overrides: Record<string, unknown> = {}) {
  productCounter += 1;
  return {
    ...structuredClone(PI001_RATING_CONFIG),
    productCode: `${prefix}-${Date.now()}-${productCounter}`,
    ...overrides,
  };
}

/** A request through the block's app, signed in as `role` (an administrator unless told). */
export function requestAsRole(ctx: Pick<TestContext, "app">) {
  return async (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown, role: Role = "ADMIN") => {
    const cookie = await signIn(ctx.app, role);
    return ctx.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };
}
