/**
 * A wizard step's check (its schema and zod) is not part of the step's download: the form fetches it when the
 * broker first focuses or points at it (docs/decisions/0056). These hold that chunk back on a slow line and show
 * the first Continue still waits for it and shows the same messages, so no broker gets past an unchecked step.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiSession, createDraftQuote } from "./support/api";
import { toastText, visible } from "./support/browser";
import { sharedSignedInBrowser } from "./support/session";
import { expectOnStep, messageUnder, stepButton } from "./wizard-helpers";

let broker: ApiSession;
const TAG = `Lc${Date.now().toString(36)}`;

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
});

const ui = sharedSignedInBrowser("BROKER", { freshPageEachTest: true });

/** Every asset path the page asks for, and a hold on the chunk named `chunk` until `release` is called. */
async function holdChunk(page: Page, chunk: string): Promise<{ fetched: string[]; release: () => void }> {
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return { fetched, release };
}

const zodCode = /\/assets\/(zod|[\w-]+-check)-[\w-]+\.js$/;

describe("a wizard step whose check arrives late", () => {
  it("opens step 1 without zod, and its first Continue shows every message once the check arrives", async () => {
    const page = ui.page;
    const { fetched, release } = await holdChunk(page, "insureds-details-check");
    await page.goto("/quote/new");
    await visible(page.getByRole("heading", { name: "Insureds Details" }));
    expect(fetched.filter((path) => zodCode.test(path))).toEqual([]);

    await page.getByRole("button", { name: "Continue to Financial Overview" }).click();
    // The press asked for the check, which is held back: nothing is judged yet, and the step stays.
    await expect.poll(() => fetched.some((path) => /\/assets\/insureds-details-check-/.test(path))).toBe(true);
    expect(await page.locator("#proposerName-error").count()).toBe(0);

    release();
    expect(await toastText(page, "Error")).toContain("Please fix validation errors");
    expect(await messageUnder(page, "proposerName")).toBe("Company name is required");
    expect(await messageUnder(page, "businessActivity")).toBe("Business activity is required");
    expect(await messageUnder(page, "businessAddress")).toBe("Business address is required");
    await expectOnStep(page, 1);
  }, 60_000);

  it("keeps step 2 from saving an unchecked form when its check is late", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Late Check Ltd`);
    const page = ui.page;
    const { fetched, release } = await holdChunk(page, "financial-overview-check");
    await page.goto(`/quote/${quote.id}`);
    await expectOnStep(page, 1);
    await stepButton(page, 2).click();
    await expectOnStep(page, 2);
    await page.getByRole("button", { name: "Continue to Design Liability" }).click();
    await expect.poll(() => fetched.some((path) => /\/assets\/financial-overview-check-/.test(path))).toBe(true);
    expect(await page.locator("#turnover-error").count()).toBe(0);

    release();
    expect(await messageUnder(page, "turnover")).toBe("Turnover is required");
    expect(await messageUnder(page, "largestSingleProjectValue")).toBe("Largest single project value is required");
    await expectOnStep(page, 2);
    const stored = await broker.data<{ financialOverview?: unknown }>("GET", `/api/quotes/${quote.id}`);
    expect(stored.financialOverview ?? null).toBeNull();
  }, 60_000);
});
