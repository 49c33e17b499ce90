import { expect, PHONE } from "./fixtures";
import { completeAccount } from "../support/factories";
import { ADMIN, ADMIN_PORT, ADMIN_SITE, DEMO, enterCode, logIn, test, toast } from "./admin-support";
import { withSiteDatabase } from "./factories";

test("the demo site shows the demo credentials and names them when a login fails", async ({ page, expectRefusal }) => {
  expectRefusal("/admin/login.data", 401);
  await page.goto("/admin/login");
  await expect(page.getByText(`Demo credentials: ${DEMO.username} / ${DEMO.password}`)).toBeVisible();
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Username is required.")).toBeVisible();
  await expect(page.getByText("Password is required.")).toBeVisible();

  await page.getByLabel("Username").fill(DEMO.username);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Login" }).click();
  const failure = toast(page, "Authentication Failed");
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(`Invalid username or password. (Use ${DEMO.username} / ${DEMO.password})`);
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("admin pages redirect to the login without a session; login, tabs and logout work", async ({ page }) => {
  for (const path of ["/admin/competitors", "/admin/races", "/admin/results"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login$/);
  }
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Back to Homepage" }).click();
  await expect(page).toHaveURL(/\/$/);

  await logIn(page, "", DEMO);
  await expect(toast(page, "Success")).toContainText("You have successfully logged in.");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);

  const tabs = page.getByRole("navigation", { name: "Admin sections" });
  await tabs.getByRole("link", { name: "Races" }).click();
  await expect(page.getByText("Race Management")).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Races" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Results" }).click();
  await expect(page.getByText("Please select a racing event to view or edit its results.")).toBeVisible();
  await tabs.getByRole("link", { name: "Competitors" }).click();
  await expect(page.getByText("Competitor Management")).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toBeVisible();
  await page.goto("/admin/competitors");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("with ADMIN_USERNAME set there is no demo hint, and those credentials (then the code) sign in", async ({
  page,
  expectRefusal,
}) => {
  expectRefusal("/admin/login.data", 401);
  await page.goto(`${ADMIN_SITE}/admin/login`);
  await expect(page.getByText("Demo credentials")).toHaveCount(0);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill("wrong password here");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "Authentication Failed")).toContainText("Invalid username or password.");
  await expect(toast(page, "Authentication Failed")).not.toContainText("(Use");

  // The club's admin has set up their e-mail and authenticator app (an owner must).
  await withSiteDatabase((db) => completeAccount(db, ADMIN.username), ADMIN_PORT);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await enterCode(page, ADMIN.username, undefined, ADMIN_PORT);
  await expect(page).toHaveURL(`${ADMIN_SITE}/admin/competitors`);
  await expect(toast(page, "Success")).toContainText("You have successfully logged in.");
});

test.describe("on a phone whose scripts are still loading", () => {
  test.use({ viewport: PHONE });

  test("the login button says Logging in... at once and takes no second tap (issue 32 item 11)", async ({ page }) => {
    // The page as it is before its scripts have run (a slow connection: seconds): the script that
    // would hydrate it comes back empty, so the form posts as plain HTML.
    await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
    // And the sign-in's answer, long enough to look at the page meanwhile.
    let posts = 0;
    let answer!: () => void;
    const answerHeld = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/admin/login", async (route) => {
      if (route.request().method() === "POST") {
        posts++;
        await answerHeld;
      }
      await route.continue();
    });

    // What the button shows just after the tap, and a second tap then: told through the console,
    // since Playwright reads nothing of a page while its form's answer is on the way.
    await page.addInitScript(() => {
      addEventListener("submit", () =>
        setTimeout(() => {
          const button = document.querySelector<HTMLButtonElement>("form button[type=submit]")!;
          console.log(`submitting: ${button.textContent} (${button.disabled ? "disabled" : "enabled"})`);
          button.click();
        }, 0),
      );
    });
    const seen: string[] = [];
    page.on("console", (message) => {
      if (message.text().startsWith("submitting:")) seen.push(message.text());
    });

    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(DEMO.username);
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Login" }).click({ noWaitAfter: true });
    // One submission, showing SPEC's busy label; the second tap sent nothing.
    await expect.poll(() => seen).toEqual(["submitting: Logging in... (disabled)"]);
    await page.waitForTimeout(500);
    expect(seen).toHaveLength(1);
    expect(posts).toBe(1);

    answer();
    await expect(page).toHaveURL(/\/admin\/competitors$/);
    expect(posts).toBe(1);
  });
});
