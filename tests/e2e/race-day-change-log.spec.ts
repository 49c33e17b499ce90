/**
 * Official results are never silently rewritten (issue 13): a change after the results became
 * official appears on the race page as a dated entry of its change log.
 */
import { expect, test } from "./fixtures";
import { DEMO, logIn } from "./admin-support";

test("a change after official appears on the race page as a dated change-log entry", async ({ page, browser, baseURL }) => {
  await logIn(page, baseURL!, DEMO);
  await page.goto("/admin/results");
  const raceId = await page.getByLabel("Race").locator("option", { hasText: "Long Bay Challenge" }).getAttribute("value");

  // A visitor's view before: official, no change log.
  const visitor = await browser.newPage();
  await visitor.goto(`/results/${raceId}`);
  await expect(visitor.getByTestId("results-mark")).toHaveText(/^Official /);
  await expect(visitor.getByRole("list", { name: "Change log" })).toHaveCount(0);

  // The admin swaps the first two places of Open heat 1.
  await page.goto(`/admin/results?race=${raceId}&class=Open&heat=1`);
  await page.getByRole("button", { name: "Edit Results" }).click();
  const rows = page.getByRole("dialog").getByTestId("result-row");
  const boat = async (i: number) =>
    (await rows.nth(i).getByLabel("Competitor").locator("option:checked").innerText()).match(/#\d+/)![0];
  const [first, second] = [await boat(0), await boat(1)];
  await rows.nth(0).getByLabel("Position").fill("2");
  await rows.nth(1).getByLabel("Position").fill("1");
  await page.getByRole("dialog").getByRole("button", { name: "Save Results" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await visitor.reload();
  const log = visitor.getByRole("list", { name: "Change log" });
  await expect(log.getByRole("listitem")).toHaveCount(1);
  await expect(log.getByRole("listitem")).toHaveText(
    new RegExp(
      `^Heat 1 Open: ${second} from 2nd to 1st; ${first} from 1st to 2nd, \\d\\d:\\d\\d \\([A-Z][a-z]{2} \\d{1,2}, \\d{4}\\)$`,
    ),
  );
  await expect(log.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  // Still official: the change did not quietly make it provisional again.
  await expect(visitor.getByTestId("results-mark")).toHaveText(/^Official /);
  await visitor.close();
});
