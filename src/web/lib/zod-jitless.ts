/**
 * Zod 4 probes `new Function("")` to decide whether it may compile fast parsers. Under the app's content
 * security policy (script-src 'self', no 'unsafe-eval') the probe fails quietly but the browser still reports
 * a `securitypolicyviolation` on every page. Jitless mode skips the probe.
 *
 * Zod keeps its configuration on `globalThis.__zod_globalConfig` and adopts an object already there when it
 * loads, so this sets jitless without importing zod: the sign-in screen and the screens without a form never
 * download zod, and whichever of this module and zod runs first, the probe (made on the first parse of an
 * object schema, always after this) sees jitless. main.tsx imports this module first.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

export {};
