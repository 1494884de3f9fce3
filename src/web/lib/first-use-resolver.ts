import type { FieldValues, Resolver } from "react-hook-form";
import type { FirstUseCode } from "./on-first-use";

/**
 * A form's check fetched the first time it runs: the step's schema and zod arrive as their own chunk (the form
 * asks for it when the broker first focuses or points at it, so it is almost always here by the first Continue or
 * blur), and react-hook-form waits for it like any asynchronous check, so the same messages show at the same
 * moments (docs/decisions/0056).
 */
export function firstUseResolver<Check, Values extends FieldValues, Parsed>(
  code: FirstUseCode<Check>,
  build: (check: Check) => Resolver<Values, unknown, Parsed>,
): Resolver<Values, unknown, Parsed> {
  let resolver: Resolver<Values, unknown, Parsed> | undefined;
  return async (values, context, options) => {
    resolver ??= build(await code.load());
    return resolver(values, context, options);
  };
}
