/**
 * Debian's Chromium as every browser test and the Lighthouse benchmark start it: no sandbox (tests run as root
 * in a container), no GPU, and none of the background fetching and updating that would add requests of its own
 * to what a test or a Lighthouse run measures.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
