import { describe, expect, it } from "vitest";
import { PI001_RATING_CONFIG } from "../../src/domain/rating/configs/pi001";
import type { RatingVersion } from "../../src/domain/rating/version";
import {
  expectAccessible,
  expectBrowserErrors,
  failedRequest,
  SIGNED_OUT_SESSION_LOOKUP,
  screenshot,
  signedInPage,
  signInWithForm,
  toastText,
  visible,
  waitForPath,
} from "./support/browser";
import { sharedSignedInBrowser } from "./support/session";

const ui = sharedSignedInBrowser("ADMIN");
/** Unique per run, so names never collide with another file's data on the shared server. */
const RUN = Date.now().toString(36);

describe("admin: a new user's password", () => {
  it("says the 12-character rule under the field, refuses 'short' without a request, then adds the user", async () => {
    const email = `pat.${RUN}@example.com`;
    await ui.page.goto("/admin/users");
    await visible(ui.page.getByRole("heading", { name: "User Management", level: 1 }));
    await visible(ui.page.getByText("At least 12 characters"));
    await ui.page.getByLabel("Full Name").fill(`Pat Password ${RUN}`);
    await ui.page.getByLabel("Email Address").fill(email);
    await ui.page.getByLabel("Password", { exact: true }).fill("short");
    let registrations = 0;
    ui.page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/auth/register") registrations++;
    });
    await ui.page.getByRole("button", { name: "Add User" }).click();
    const error = await visible(ui.page.locator("#new-user-password-error"));
    expect(await error.textContent()).toBe("Password must be at least 12 characters");
    expect(await ui.page.getByLabel("Password", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await screenshot(ui.page, "admin-safety-short-password");
    expect(registrations).toBe(0);

    await ui.page.getByLabel("Password", { exact: true }).fill("Long-Enough-2026");
    const created = ui.page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/auth/register",
    );
    await ui.page.getByRole("button", { name: "Add User" }).click();
    expect((await created).status()).toBe(201);
    await toastText(ui.page, "User Created");
    await visible(ui.page.getByTestId("user-row").filter({ hasText: email }));
    expect(registrations).toBe(1);
  });
});

describe("admin: publishing a rating version", () => {
  const name = `PI001 confirmed ${RUN}`;

  it("keeps Publish disabled until the draft is saved, and again while a change is unsaved", async () => {
    await ui.page.goto("/admin/rating");
    await ui.page.getByRole("button", { name: "New Version" }).click();
    await visible(ui.page.getByRole("heading", { name: "New Version" }));
    const publish = ui.page.getByRole("button", { name: "Publish", exact: true });
    expect(await publish.isDisabled()).toBe(true);
    await visible(ui.page.getByText("Save the draft before publishing."));

    await ui.page.getByLabel("Name").fill(name);
    await ui.page.getByLabel("Effective From").fill("2035-01-01");
    await ui.page.getByLabel("Configuration (JSON)").fill(JSON.stringify(PI001_RATING_CONFIG, null, 2));
    await ui.page.getByRole("button", { name: "Save" }).click();
    await toastText(ui.page, "Rating Version Created");
    await visible(ui.page.getByRole("heading", { name: `Edit ${name}` }));
    expect(await publish.isDisabled()).toBe(false);

    await ui.page.getByLabel("Notes").fill("An unsaved change");
    expect(await publish.isDisabled()).toBe(true);
    await visible(ui.page.getByText("Save your changes before publishing."));
    await screenshot(ui.page, "admin-safety-publish-unsaved");
    await ui.page.getByRole("button", { name: "Save" }).click();
    await toastText(ui.page, "Rating Version Updated");
    expect(await publish.isDisabled()).toBe(false);
  });

  it("asks first, naming the version, its date, the version whose period it closes and the impact headline", async () => {
    const listed = await ui.page.request.get("/api/rating/versions");
    const versions = ((await listed.json()) as { data: RatingVersion[] }).data;
    // The open-ended PI001 version running on 01/01/2035 is the one this draft supersedes.
    const current = versions.find(
      (v) => v.status === "PUBLISHED" && v.productCode === "PI001" && v.effectiveTo === null,
    );
    expect(current).toBeDefined();

    await ui.page.getByRole("button", { name: "Run Impact Analysis" }).click();
    await visible(ui.page.getByText(/^Analysed [\d,]+ quotes in/));

    let publications = 0;
    ui.page.on("request", (request) => {
      if (request.method() === "POST" && /\/api\/rating\/versions\/[^/]+\/publish$/.test(request.url())) publications++;
    });
    await ui.page.getByRole("button", { name: "Publish", exact: true }).click();
    const dialog = ui.page.getByRole("alertdialog");
    await visible(dialog.getByText(`Publish "${name}" (PI001), effective from 01/01/2035?`, { exact: false }));
    const text = (await dialog.textContent()) ?? "";
    expect(text).toContain(`It closes the period of "${current?.name}"`);
    expect(text).toContain("on 01/01/2035.");
    expect(text).toContain("Impact analysis: ");
    await expectAccessible(ui.page, "publish confirmation");
    await screenshot(ui.page, "admin-safety-publish-confirmation");

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(publications).toBe(0);

    await ui.page.getByRole("button", { name: "Publish", exact: true }).click();
    const published = ui.page.waitForResponse((response) => /\/publish$/.test(new URL(response.url()).pathname));
    await ui.page.getByRole("alertdialog").getByRole("button", { name: "Publish version" }).click();
    expect((await published).status()).toBe(200);
    await toastText(ui.page, "Version Published");
    await waitForPath(ui.page, "/admin/rating");
    expect(publications).toBe(1);
    await visible(ui.page.getByTestId("rating-version-row").filter({ hasText: name }).getByText("PUBLISHED"));
    const closed = ui.page.getByTestId("rating-version-row").filter({ hasText: current?.name ?? "" });
    await visible(closed.getByText("01/01/2035"));
  });
});

describe("admin: audit logs", () => {
  /** The answer to the audit request whose query has `expected` among its parameters. */
  const auditAnswer = (expected: Record<string, string>) =>
    ui.page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === "/api/audit" &&
        Object.entries(expected).every(([key, value]) => url.searchParams.get(key) === value)
      );
    });

  it("filters by entity, action, actor and date, showing who did it and readable details", async () => {
    await ui.page.goto("/admin/audit");
    await visible(ui.page.getByRole("heading", { name: "Audit Logs", level: 1 }));
    await visible(ui.page.getByTestId("audit-entry").first());

    let answer = auditAnswer({ entityType: "user" });
    await ui.page.getByRole("combobox", { name: "Entity" }).selectOption({ label: "User" });
    await answer;
    answer = auditAnswer({ entityType: "user", action: "created" });
    await ui.page.getByRole("combobox", { name: "Action" }).selectOption({ label: "Created" });
    await answer;
    const actorAnswer = ui.page.waitForResponse((response) => new URL(response.url()).searchParams.has("actorId"));
    await ui.page.getByRole("combobox", { name: "Done by" }).selectOption({ label: "Ada Admin (admin@example.com)" });
    expect((await actorAnswer).status()).toBe(200);

    const entries = ui.page.getByTestId("audit-entry");
    const pat = entries.filter({ hasText: `pat.${RUN}@example.com` });
    await visible(pat);
    expect((await pat.textContent())?.replace(/\s+/g, " ")).toContain(`Name: Pat Password ${RUN}`);
    expect(await pat.textContent()).not.toContain("{");
    const texts = (await entries.allTextContents()).map((text) => text.replace(/\s+/g, " "));
    for (const text of texts) {
      expect(text).toMatch(/^User Created/);
      expect(text).toContain("Ada Admin (admin@example.com)");
    }
    await expectAccessible(ui.page, "audit logs with filters");
    await screenshot(ui.page, "admin-safety-audit-filtered");

    // Nothing was done tomorrow.
    const tomorrow = new Date(Date.now() + 36 * 60 * 60 * 1000).toISOString().slice(0, 10);
    answer = auditAnswer({ from: tomorrow });
    await ui.page.getByLabel("From").fill(tomorrow);
    await answer;
    await visible(ui.page.getByText("No audit logs found"));

    await ui.page.getByRole("button", { name: "Clear filters" }).click();
    await visible(ui.page.getByTestId("audit-entry").first());
    expect(await ui.page.getByLabel("From").inputValue()).toBe("");
  });
});

describe("admin: leaving the editor with edits not yet saved", () => {
  it("asks on Back to versions, a sidebar link, browser Back and Logout; never when nothing changed", async () => {
    await ui.page.goto("/admin/rating");
    await ui.page.getByRole("button", { name: "New Version" }).click();
    await visible(ui.page.getByRole("heading", { name: "New Version" }));
    // Unchanged: Back to versions leaves at once.
    await ui.page.getByRole("button", { name: "Back to versions" }).click();
    await visible(ui.page.getByRole("button", { name: "New Version" }));

    await ui.page.getByRole("button", { name: "New Version" }).click();
    const editorAddress = ui.page.url();
    const name = ui.page.getByLabel("Name");
    await name.fill(`Unsaved ${RUN}`);
    const dialog = ui.page.getByRole("alertdialog", { name: "Leave this version?" });
    const stayed = async () => {
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(ui.page.url()).toBe(editorAddress);
      expect(await name.inputValue()).toBe(`Unsaved ${RUN}`);
    };

    await ui.page.getByRole("button", { name: "Back to versions" }).click();
    await visible(dialog);
    await screenshot(ui.page, "admin-safety-leave-editor");
    await expectAccessible(ui.page, "leave the editor dialog");
    await stayed();

    await ui.page.getByRole("navigation").getByRole("link", { name: "User Management" }).first().click();
    await visible(dialog);
    await stayed();

    await ui.page.goBack();
    await visible(dialog);
    await stayed();

    await ui.page.getByRole("button", { name: "Logout" }).click();
    await visible(dialog);
    await stayed();
    expect((await ui.context.request.get("/api/me")).status()).toBe(200);

    await ui.page.getByRole("button", { name: "Back to versions" }).click();
    await dialog.getByRole("button", { name: "Leave without saving" }).click();
    await visible(ui.page.getByRole("button", { name: "New Version" }));
    expect(
      await ui.page
        .getByTestId("rating-version-row")
        .filter({ hasText: `Unsaved ${RUN}` })
        .count(),
    ).toBe(0);
  });
});

describe("admin: a session that expires while editing a version", () => {
  it("keeps the name, notes and configuration through signing in again", async () => {
    // A context of its own: its session is the one that ends.
    const own = await signedInPage(ui.browser, "ADMIN");
    try {
      const tab = own.page;
      // The save after the session ended is refused, and the sign-in screen's session lookup answers 401.
      expectBrowserErrors(tab, [failedRequest(401, "/api/rating/versions"), SIGNED_OUT_SESSION_LOOKUP]);
      await tab.goto("/admin/rating");
      await tab.getByRole("button", { name: "New Version" }).click();
      await visible(tab.getByRole("heading", { name: "New Version" }));
      const editorPath = new URL(tab.url()).pathname + new URL(tab.url()).search;
      const json = tab.getByLabel("Configuration (JSON)");
      const edited = (await json.inputValue()).replace(/"baseRate": \d+/, '"baseRate": 777');
      expect(edited).toContain('"baseRate": 777');
      await tab.getByLabel("Name").fill(`Kept ${RUN}`);
      await tab.getByLabel("Notes").fill("Typed before the session ended");
      await json.fill(edited);

      expect((await own.context.request.post("/api/auth/logout")).status()).toBe(200);
      const refused = tab.waitForResponse(
        (response) =>
          response.request().method() === "POST" && new URL(response.url()).pathname === "/api/rating/versions",
      );
      await tab.getByRole("button", { name: "Save" }).click();
      expect((await refused).status()).toBe(401);
      expect(await toastText(tab, "Session expired")).toContain("Sign in again to continue; your entries are kept");
      await tab.waitForURL((url) => url.pathname === "/login");
      expect(new URL(tab.url()).searchParams.get("next")).toBe(editorPath);

      await signInWithForm(tab, "ADMIN");
      await visible(tab.getByRole("heading", { name: "New Version" }));
      await expect.poll(() => tab.getByLabel("Name").inputValue()).toBe(`Kept ${RUN}`);
      expect(await tab.getByLabel("Notes").inputValue()).toBe("Typed before the session ended");
      expect(await json.inputValue()).toBe(edited);
      // Restored, not saved: leaving still asks, and Publish waits for a save.
      await tab.getByRole("button", { name: "Back to versions" }).click();
      await visible(tab.getByRole("alertdialog", { name: "Leave this version?" }));
    } finally {
      await own.context.close();
    }
  });
});

describe("admin: the configuration editor", () => {
  const name = `PI001 ordered ${RUN}`;
  const { baseRate, version, productCode, ...rest } = PI001_RATING_CONFIG;
  // baseRate first, as an author would put it; the database's jsonb would put "fees" and "caps" first.
  const commissionLimits = { minPercent: 5, maxPercent: 25 };
  const authored = JSON.stringify({ baseRate: 125, version, productCode, ...rest, commissionLimits }, null, 2);

  it("starts a new version from the published one with baseRate near the top, not re-sorted", async () => {
    expect(baseRate).toBeGreaterThan(0);
    await ui.page.goto("/admin/rating");
    await ui.page.getByRole("button", { name: "New Version" }).click();
    const json = ui.page.getByLabel("Configuration (JSON)");
    await visible(json);
    const lines = (await json.inputValue()).split("\n");
    expect(lines.findIndex((line) => line.includes('"baseRate"'))).toBeLessThan(6);
    await visible(ui.page.getByRole("region", { name: "Configuration summary" }).getByText("Base rate"));
  });

  it("keeps the author's key order after saving and reopening, with a summary of the factors beside it", async () => {
    await ui.page.getByLabel("Name").fill(name);
    await ui.page.getByLabel("Effective From").fill("2036-01-01");
    await ui.page.getByLabel("Configuration (JSON)").fill(authored);
    const created = ui.page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && new URL(response.url()).pathname === "/api/rating/versions",
    );
    await ui.page.getByRole("button", { name: "Save" }).click();
    expect((await created).status()).toBe(201);
    await visible(ui.page.getByRole("heading", { name: `Edit ${name}` }));

    await ui.page.reload();
    await visible(ui.page.getByRole("heading", { name: `Edit ${name}` }));
    expect(await ui.page.getByLabel("Configuration (JSON)").inputValue()).toBe(authored);

    const summary = ui.page.getByRole("region", { name: "Configuration summary" });
    await visible(summary.getByText("£125.00"));
    for (const factor of Object.keys(rest.factors ?? {})) {
      await visible(summary.getByTestId("config-factor").filter({ hasText: factor }).first());
    }
    await visible(summary.getByText("Policy fee"));
    expect(await summary.getByTestId("config-commission-limits").textContent()).toBe("5% to 25%");
    await expectAccessible(ui.page, "rating version editor with summary");
    await screenshot(ui.page, "admin-safety-config-summary");
  });

  it("asks before publishing from the versions table too, naming the period it closes", async () => {
    await ui.page.getByRole("button", { name: "Back to versions" }).click();
    const row = ui.page.getByTestId("rating-version-row").filter({ hasText: name });
    await visible(row.getByText("DRAFT"));
    let publications = 0;
    ui.page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/publish")) publications++;
    });
    await ui.page.getByRole("button", { name: `Publish ${name}` }).click();
    const dialog = ui.page.getByRole("alertdialog");
    // The version published earlier in this file, from 01/01/2035, is the one running on 01/01/2036.
    await visible(
      dialog.getByText(
        `Publish "${name}" (PI001), effective from 01/01/2036? It closes the period of "PI001 confirmed ${RUN}" (effective from 01/01/2035) on 01/01/2036.`,
        { exact: false },
      ),
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(publications).toBe(0);
    await visible(row.getByText("DRAFT"));

    await ui.page.getByRole("button", { name: `Publish ${name}` }).click();
    const published = ui.page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/publish"));
    await ui.page.getByRole("alertdialog").getByRole("button", { name: "Publish version" }).click();
    expect((await published).status()).toBe(200);
    await toastText(ui.page, "Version Published");
    await visible(row.getByText("PUBLISHED"));
    expect(publications).toBe(1);
  });
});
