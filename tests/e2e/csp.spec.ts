/**
 * The Content-Security-Policy allows no inline style without a nonce or hash, and images and
 * fonts from this site only; every screen, the toasts and the dialogs (styled by the build's
 * stylesheet only) still work with nothing blocked.
 */
import type { Page } from "@playwright/test";
import { DEMO, logIn, test, toast } from "./admin-support";
import { expect } from "./fixtures";

/** Records every CSP violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`));
  });
  const all: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) all.push(message.text());
  });
  return async () => {
    const inPage = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    return [...all, ...inPage];
  };
}

async function policy(request: import("@playwright/test").APIRequestContext, path: string) {
  const csp = (await request.get(path)).headers()["content-security-policy"]!;
  return Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;
}

test("the policy names no https: source and no 'unsafe-inline'", async ({ request }) => {
  // A hydrated page (the admin login): its scripts and library styles carry this response's nonce.
  const form = await policy(request, "/admin/login");
  // A read page, the same for every visitor and kept by the page cache: its one inline script and
  // its inlined stylesheet are allowed by hash, so the policy names no nonce (decision 0023).
  const read = await policy(request, "/");
  for (const directives of [form, read]) {
    expect(directives["style-src"]).not.toContain("'unsafe-inline'");
    expect(directives["style-src"]).not.toContain("https:");
    expect(directives["img-src"]).toEqual(["'self'"]);
    expect(directives["font-src"]).toEqual(["'self'"]);
    expect(directives["script-src"]).not.toContain("'unsafe-inline'");
  }
  expect(form["style-src"]!.some((v) => v.startsWith("'nonce-"))).toBe(true);
  expect(form["script-src"]!.some((v) => v.startsWith("'nonce-"))).toBe(true);
  expect(read["script-src"]).toEqual(["'self'", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
  expect(read["style-src"]!.some((v) => v.startsWith("'sha256-"))).toBe(true);
});

test("public screens and a toast: nothing blocked, the toast styled", async ({ page, expectRefusal }) => {
  const violations = await watchViolations(page);
  for (const path of ["/", "/results", "/standings", "/calendar", "/registration", "/race-registration"]) {
    await page.goto(path);
    expect(await violations(), path).toEqual([]);
  }
  // The printable form is a document of its own with its own <style> (nonce'd).
  await page.goto("/registration/print");
  expect(await page.locator("header").evaluate((el) => getComputedStyle(el).display)).toBe("flex");
  expect(await violations()).toEqual([]);
  await page.goto("/calendar");
  await page.locator('a[href^="/calendar/"]').first().click();
  await page.waitForURL(/\/calendar\/\d+/);
  expect(await violations()).toEqual([]);

  // A failed login (401) shows a toast, styled by the build's stylesheet.
  expectRefusal("/admin/login.data", 401);
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill("nobody");
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Login" }).click();
  const shown = toast(page, "Authentication Failed");
  await expect(shown).toBeVisible();
  // The toaster is fixed on the screen, the toast laid out.
  expect(await page.locator("[data-toaster]").evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
  expect(await shown.evaluate((el) => getComputedStyle(el).display)).toBe("flex");
  expect(await violations()).toEqual([]);
});

test("an admin dialog opens and locks the page's scrolling, nothing blocked", async ({ page }) => {
  const violations = await watchViolations(page);
  // The demo admin signs in through the form, so the success toast shows too.
  await logIn(page, "", DEMO);
  await expect(toast(page, "Success")).toBeVisible();
  await page.getByRole("button", { name: "Add Competitor" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  // The page behind the modal dialog does not scroll.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await violations()).toEqual([]);
});
