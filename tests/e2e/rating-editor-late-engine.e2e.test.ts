/**
 * The rating version editor opens without the rating engine (the engine, CEL and zod are one chunk fetched when the
 * administrator comes to the editor or presses a button that needs them; docs/decisions/0056). These hold that chunk
 * back on a slow line and show the saved version's summary reads without it, Validate waits for it and then says
 * what it always said, and the summary follows an edit once it has arrived.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PI001_RATING_CONFIG } from "../../src/domain/rating/configs/pi001";
import { ApiSession } from "./support/api";
import { visible } from "./support/browser";
import { DESKTOP, sharedSignedInBrowser } from "./support/session";

const ui = sharedSignedInBrowser("ADMIN", { viewport: DESKTOP, freshPageEachTest: true });
const RUN = Date.now().toString(36);
const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

let draftId: string;

beforeAll(async () => {
  const admin = await ApiSession.signIn("ADMIN");
  const created = await admin.data<{ id: string }>("POST", "/api/rating/versions", {
    name: `Late engine ${RUN}`,
    json: { ...PI001_RATING_CONFIG, productCode: `ZZ-LATE-${RUN}` },
    effectiveFrom: "2027-01-01",
  });
  draftId = created.id;
});

/** Every asset path the page asks for, and a hold on the editor's engine chunk until `release` is called. */
async function holdEngine(page: Page): Promise<{ fetched: string[]; release: () => void }> {
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/editor-engine-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { fetched, release };
}

const engineCode = /\/assets\/(editor-engine|schemas)-[\w-]+\.js$/;

describe("the rating version editor whose engine arrives late", () => {
  it("shows the saved version's summary without the engine, and Validate waits for it", async () => {
    const page = ui.page;
    const { fetched, release } = await holdEngine(page);
    await page.goto(`/admin/rating?version=${encodeURIComponent(draftId)}`);
    await visible(page.getByRole("heading", { name: `Edit Late engine ${RUN}` }));
    const summary = page.getByRole("region", { name: "Configuration summary" });
    await visible(summary.getByText(pounds.format(PI001_RATING_CONFIG.baseRate)).first());
    await visible(summary.getByTestId("config-factor").first());
    expect(fetched.filter((path) => engineCode.test(path))).toEqual([]);

    await page.getByRole("button", { name: "Validate" }).click();
    // The press asked for the engine, which is held back: nothing is said about the configuration yet.
    await expect.poll(() => fetched.some((path) => /\/assets\/editor-engine-/.test(path))).toBe(true);
    expect(await page.getByText("The configuration is valid").count()).toBe(0);

    release();
    await visible(page.getByText("The configuration is valid: every factor, fee and referral rule compiles."));
  }, 60_000);

  it("reads an edited configuration with the engine once it has arrived, and waits while it does not compile", async () => {
    const page = ui.page;
    const { release } = await holdEngine(page);
    await page.goto(`/admin/rating?version=${encodeURIComponent(draftId)}`);
    const summary = page.getByRole("region", { name: "Configuration summary" });
    await visible(summary.getByText(pounds.format(PI001_RATING_CONFIG.baseRate)).first());

    const json = page.getByLabel("Configuration (JSON)");
    await json.fill(JSON.stringify({ ...PI001_RATING_CONFIG, productCode: `ZZ-LATE-${RUN}`, baseRate: 432 }, null, 2));
    // Text the server has not compiled waits for the engine, which is held back.
    await visible(summary.getByText("The summary appears when the configuration is valid."));
    release();
    await visible(summary.getByText(pounds.format(432)).first());

    await json.fill(JSON.stringify({ ...PI001_RATING_CONFIG, baseRate: -1 }, null, 2));
    await visible(summary.getByText("The summary appears when the configuration is valid."));
  }, 60_000);
});
