import { describe, expect, it } from "vitest";
import { ApiSession, createDraftQuote } from "./support/api";
import {
  DEMO_USERS,
  type DemoRole,
  expectAccessible,
  expectBrowserErrors,
  failedRequest,
  newContext,
  SIGNED_OUT_SESSION_LOOKUP,
  screenshot,
  signedInPage,
  signInWithForm,
  toastText,
  visible,
  waitForPath,
} from "./support/browser";
import { sharedBrowser } from "./support/session";

const ui = sharedBrowser();

describe("sign-in screen", () => {
  it("shows the fields, the show/hide toggle and the product's validation messages", async () => {
    const context = await newContext(ui.browser);
    const page = await context.newPage();
    // Signed out, the session lookup answers 401: that is how the app knows to show the sign-in screen.
    expectBrowserErrors(context, [SIGNED_OUT_SESSION_LOOKUP]);
    await page.goto("/login");
    await visible(page.getByRole("button", { name: "Sign In" }));
    expect(await page.title()).toBe("PI Quote Engine - Sign In");
    await visible(page.getByText("Need an account? Contact Administrator"));
    await expectAccessible(page, "sign-in");
    await screenshot(page, "login");

    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret");
    expect(await password.getAttribute("type")).toBe("password");
    // The button sits inside the box, at its right: the page's inlined styles hold every class the form uses.
    const box = await password.boundingBox();
    const toggle = await page.getByRole("button", { name: "Show password" }).boundingBox();
    if (!box || !toggle) throw new Error("The password box or its Show password button is not laid out");
    expect(toggle.y).toBeGreaterThanOrEqual(box.y);
    expect(toggle.y + toggle.height).toBeLessThanOrEqual(box.y + box.height);
    expect(toggle.x + toggle.width).toBeLessThanOrEqual(box.x + box.width);
    expect(toggle.x).toBeGreaterThan(box.x + box.width / 2);
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await password.getAttribute("type")).toBe("password");

    await password.fill("");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Sign In" }).click();
    await visible(page.getByText("Invalid email address"));
    await visible(page.getByText("Password is required"));
    await screenshot(page, "login-validation");
    await context.close();
  });

  it("refuses a wrong password with the 'Login Failed' toast and stays on /login", async () => {
    const context = await newContext(ui.browser);
    const page = await context.newPage();
    // Signed out, the session lookup answers 401: that is how the app knows to show the sign-in screen.
    expectBrowserErrors(context, [SIGNED_OUT_SESSION_LOOKUP]);
    // A wrong password is answered 401, which the screen shows as 'Login Failed'.
    expectBrowserErrors(context, [failedRequest(401, "/api/auth/login")]);
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO_USERS.BROKER.email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong-Password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    expect(await toastText(page, "Login Failed")).toContain("Invalid email or password");
    expect(new URL(page.url()).pathname).toBe("/login");
    await screenshot(page, "login-failed");
    await context.close();
  });

  for (const role of ["BROKER", "UNDERWRITER", "ADMIN"] as const satisfies DemoRole[]) {
    it(`signs the demo ${role.toLowerCase()} in to the dashboard and out again`, async () => {
      const context = await newContext(ui.browser);
      const page = await context.newPage();
      // Signed out, the session lookup answers 401: that is how the app knows to show the sign-in screen.
      expectBrowserErrors(context, [SIGNED_OUT_SESSION_LOOKUP]);
      const user = DEMO_USERS[role];
      await page.goto("/login");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await waitForPath(page, "/dashboard");
      await visible(page.getByRole("heading", { name: "Dashboard", level: 1 }));
      await visible(page.getByText(user.name, { exact: true }));
      const initials = user.name
        .split(" ")
        .map((word) => word[0])
        .join("");
      expect(await page.getByTestId("user-initials").textContent()).toBe(initials);
      const bell = page.getByRole("button", { name: /^Notifications/ });
      expect(await bell.getByTestId("notification-count").textContent()).toBe("3");

      await page.getByRole("button", { name: "Logout" }).click();
      await waitForPath(page, "/login");
      await page.goto("/dashboard");
      await waitForPath(page, "/login");
      await context.close();
    });
  }
  it("lets the dashboard's reads already on their way be answered before it ends the session", async () => {
    const context = await newContext(ui.browser);
    const page = await context.newPage();
    // Signed out at the end, the session lookup answers 401: that is how the app knows to show the sign-in screen.
    expectBrowserErrors(context, [SIGNED_OUT_SESSION_LOOKUP]);
    await page.goto("/login");
    await signInWithForm(page, "BROKER");
    await visible(page.getByRole("heading", { name: "Dashboard", level: 1 }));
    await visible(page.getByRole("button", { name: "Logout" }));
    // The next list read is held in the browser until Logout has been pressed: had the session ended first, the
    // server would answer it 401 and the browser would log the refusal (the afterEach check reads the console).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldReads = 0;
    await page.route(/\/api\/quotes\?/, async (route) => {
      heldReads += 1;
      await held;
      await route.continue();
    });
    await page.getByPlaceholder(/Search/).fill("Acme");
    await expect.poll(() => heldReads).toBe(1);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Logout" }).isDisabled()).toBe(true);
    release();
    await waitForPath(page, "/login");
    await context.close();
  });
});

describe("route guards", () => {
  it("sends a signed-out visitor to /login from every signed-in route, and / through /dashboard", async () => {
    const context = await newContext(ui.browser);
    const page = await context.newPage();
    // Signed out, the session lookup answers 401: that is how the app knows to show the sign-in screen.
    expectBrowserErrors(context, [SIGNED_OUT_SESSION_LOOKUP]);
    for (const path of [
      "/",
      "/dashboard",
      "/quotes",
      "/quote/new",
      "/uw/dashboard",
      "/uw/review/00000000-0000-0000-0000-000000000000",
      "/admin",
      "/admin/users",
      "/admin/rating",
    ]) {
      await page.goto(path);
      await waitForPath(page, "/login");
    }
    await context.close();
  });

  it("shows a spinner while the session loads", async () => {
    const context = await newContext(ui.browser);
    const page = await context.newPage();
    // Signed out, the session lookup answers 401: that is how the app knows to show the sign-in screen.
    expectBrowserErrors(context, [SIGNED_OUT_SESSION_LOOKUP]);
    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route("**/api/me", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/dashboard");
    await visible(page.getByRole("status").filter({ hasText: "Loading your session" }));
    release();
    await waitForPath(page, "/login");
    await context.close();
  });

  it("sends a user whose session ended elsewhere to /login on their next call", async () => {
    // The broker has a quote, so the dashboard lists it and asks for the questions waiting on its rows, whichever
    // browser tests ran before this one.
    await createDraftQuote(await ApiSession.signIn("BROKER"), "Session Ended Elsewhere Ltd");
    const { context, page } = await signedInPage(ui.browser, "BROKER");
    // The screen has made its own first calls (the questions waiting for the broker among them) before the
    // session ends, so the only calls that meet the ended session are the ones this test makes.
    const questionsLoaded = page.waitForResponse((response) => response.url().includes("/api/questions/open"));
    await page.goto("/dashboard");
    await visible(page.getByRole("heading", { name: "Dashboard", level: 1 }));
    expect((await questionsLoaded).status()).toBe(200);
    // The session is revoked behind the open screen (as idle expiry or an admin deleting the user would): the
    // next call and then the session lookup answer 401.
    expectBrowserErrors(page, [failedRequest(401, "/api/quotes"), SIGNED_OUT_SESSION_LOOKUP]);
    expect((await context.request.post("/api/auth/logout")).status()).toBeLessThan(300);
    await page.getByPlaceholder("Search quotes by reference, company, broker, or product").fill("anything");
    await waitForPath(page, "/login");
    await context.close();
  });

  it("sends a signed-in user away from /login, and a broker away from the admin area", async () => {
    const { context, page } = await signedInPage(ui.browser, "BROKER");
    await page.goto("/login");
    await waitForPath(page, "/dashboard");
    for (const path of ["/admin", "/admin/rating", "/admin/users", "/admin/audit"]) {
      await page.goto(path);
      await waitForPath(page, "/dashboard");
    }
    await page.goto("/");
    await waitForPath(page, "/dashboard");
    await context.close();
  });

  it("lets an underwriter use /uw/dashboard and keeps them out of the admin area", async () => {
    const { context, page } = await signedInPage(ui.browser, "UNDERWRITER");
    await page.goto("/uw/dashboard");
    await visible(page.getByRole("heading", { name: "Review Queue", level: 1 }));
    expect(new URL(page.url()).pathname).toBe("/uw/dashboard");
    await page.goto("/admin/dashboard");
    await waitForPath(page, "/dashboard");
    await context.close();
  });

  it("sends an administrator from the quote screens to /dashboard, and opens /admin on its dashboard", async () => {
    const { context, page } = await signedInPage(ui.browser, "ADMIN");
    for (const path of ["/uw/dashboard", "/quote/new", "/uw/review/00000000-0000-0000-0000-000000000000"]) {
      await page.goto(path);
      await waitForPath(page, "/dashboard");
    }
    await page.goto("/admin");
    await visible(page.getByRole("heading", { name: "Admin Dashboard", level: 1 }));
    for (const card of ["Rating Versions", "User Management", "Management Information", "Audit Logs"]) {
      await visible(page.getByRole("main").getByRole("heading", { name: card }));
    }
    await expectAccessible(page, "admin dashboard");
    await screenshot(page, "admin-dashboard");
    await context.close();
  });
});

describe("navigation and not-found", () => {
  it("shows brokers their four links and marks the active one", async () => {
    const { context, page } = await signedInPage(ui.browser, "BROKER");
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    await visible(nav.getByRole("link", { name: "Dashboard" }));
    const names = await nav.getByRole("link").allInnerTexts();
    expect(names.map((name) => name.trim())).toEqual([
      "Dashboard",
      "New Quote",
      "Management Information",
      "User Management",
    ]);
    expect(await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    await expectAccessible(page, "dashboard (broker)");
    await nav.hover();
    await screenshot(page, "navigation-expanded-broker");
    await context.close();
  });

  it("shows administrators the admin links and the bordereau, Rating Versions active under /admin/rating", async () => {
    const { context, page } = await signedInPage(ui.browser, "ADMIN");
    await page.goto("/admin/rating");
    const nav = page.getByRole("navigation", { name: "Main" });
    await visible(nav.getByRole("link", { name: "Rating Versions" }));
    const names = await nav.getByRole("link").allInnerTexts();
    expect(names.map((name) => name.trim())).toEqual([
      "Dashboard",
      "Rating Versions",
      "User Management",
      "Audit Logs",
      "Management Information",
      "Bordereau",
    ]);
    expect(await nav.getByRole("link", { name: "Rating Versions" }).getAttribute("aria-current")).toBe("page");
    await context.close();
  });

  it("shows the not-found screen, titled with the product name, signed in or not", async () => {
    const anonymous = await newContext(ui.browser);
    const page = await anonymous.newPage();
    expectBrowserErrors(anonymous, [SIGNED_OUT_SESSION_LOOKUP]);
    await page.goto("/no-such-page");
    await visible(page.getByRole("heading", { name: "404 Page Not Found" }));
    expect(await page.title()).toBe("PI Quote Engine Not Found");
    await visible(page.getByText("added to the router"));
    await expectAccessible(page, "not found");
    await screenshot(page, "not-found");
    await anonymous.close();

    const { context, page: adminPage } = await signedInPage(ui.browser, "ADMIN");
    await adminPage.goto("/admin/no-such-section");
    await visible(adminPage.getByRole("heading", { name: "404 Page Not Found" }));
    await visible(adminPage.getByRole("button", { name: "Logout" }));
    await context.close();
  });
});
