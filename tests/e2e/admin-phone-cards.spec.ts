/**
 * The admin area's lists on a volunteer's phone (issue 32 item 4): at 375 x 800, for an owner,
 * every action of every row of every admin table or list is within the screen (no sideways swipe
 * that takes the names away), and each row's buttons show words that tell them apart; the icon
 * buttons keep their accessible names.
 */
import type { Page } from "@playwright/test";
import { news, seasons } from "~/db/schema";
import { NO_ACTOR, recordAudit } from "~/domain/platform/audit.server";
import { ADMIN, expect, logIn, test } from "./admin-support";
import {
  createCompetitor,
  createDriver,
  createRace,
  createResult,
  OWN_DATA_SITE,
  today,
  uniqueName,
  withSiteDatabase,
} from "./factories";

const PHONE = { width: 375, height: 800 };
test.use({ viewport: PHONE, baseURL: OWN_DATA_SITE });
// One worker builds the data once: the site allows no two seasons that overlap.
test.describe.configure({ mode: "serial" });

let data: { race: string; raceId: number; racer: string; notice: string; season: string };

test.beforeAll(async () => {
  data = await withSiteDatabase(async (db) => {
    const tag = uniqueName();
    const racer = await createDriver(db, {
      firstName: "Jahkeil",
      lastName: `Minors${tag}`,
      boatNumber: "15",
      boatName: "Gombey Spirit",
    });
    // A likely duplicate (same name, another e-mail) for the duplicates screen.
    await createCompetitor(db, {
      firstName: racer.firstName,
      lastName: racer.lastName,
      email: `other.${tag.toLowerCase()}@example.com`,
    });
    // Today: /admin/races opens on this year and what is upcoming.
    const race = await createRace(db, { title: `Round the Island Grand Prix ${tag}`, date: today(), status: "completed" });
    await createResult(db, { raceId: race.id, competitorId: racer.id, position: 1 });
    // An entry of the audit log, with its link to the race's history.
    await recordAudit(db, {
      actor: NO_ACTOR,
      kind: "race.update",
      record: { type: "race", id: race.id },
      changes: { title: { before: "Round the Island", after: race.title } },
    });
    const [notice] = await db
      .insert(news)
      .values({ title: `Practice before the Shootout moves to Friday ${tag}`, body: "See you at the reach." })
      .returning();
    // A season long after every other test's results: the site's standings stay as they were.
    const [season] = await db
      .insert(seasons)
      .values({
        key: `cards-${tag.toLowerCase()}`,
        name: `Summer Series ${tag}`,
        startsOn: "2095-05-01",
        endsOn: "2095-09-30",
        pointsTable: [25, 20, 15, 13, 11, 10, 9, 8, 7, 6],
        pointsBelow: 5,
      })
      .returning();
    return { race: race.title, raceId: race.id, racer: racer.name, notice: notice!.title, season: season!.name };
  });
});

/** A link or button of a row (a table's body row, a labelled list's item) as a phone shows it. */
interface RowControl {
  row: number;
  /** Its accessible name: aria-label, else its text (visually hidden words included). */
  name: string;
  /** The words it shows: visually hidden text (sr-only, a box 1 px wide) left out. */
  words: string;
  left: number;
  right: number;
  /** What of the screen is in sight where it is: boxes that clip it (a table's scrolling box, at its first position). */
  sight: [number, number];
}

async function rowControls(page: Page): Promise<{ rows: number; controls: RowControl[] }> {
  return page.locator("main table tbody tr, main :is(ul, ol)[aria-label] > li").evaluateAll((rows, screen) => {
    const wordsShown = (control: Element) => {
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      let words = "";
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let shown = true;
        for (let e = node.parentElement; e && shown; e = e === control ? null : e.parentElement) {
          shown = e.checkVisibility() && e.getBoundingClientRect().width > 1;
        }
        if (shown) words += node.textContent;
      }
      return words.replace(/\s+/g, " ").trim();
    };
    const controls = rows.flatMap((row, index) =>
      [...row.querySelectorAll("a[href], button, summary")]
        .filter((control) => control.checkVisibility())
        .map((control) => {
          const rect = control.getBoundingClientRect();
          const sight: [number, number] = [0, screen];
          for (let e = control.parentElement; e && e !== document.body; e = e.parentElement) {
            if (getComputedStyle(e).overflowX === "visible") continue;
            const box = e.getBoundingClientRect();
            sight[0] = Math.max(sight[0], box.left + e.clientLeft);
            sight[1] = Math.min(sight[1], box.left + e.clientLeft + e.clientWidth);
          }
          const name = (control.getAttribute("aria-label") ?? control.textContent ?? "").replace(/\s+/g, " ").trim();
          return { row: index, name, words: wordsShown(control), left: rect.left, right: rect.right, sight };
        }),
    );
    return { rows: rows.length, controls };
  }, PHONE.width);
}

/** What a phone's user cannot reach or tell apart: a control out of sight, one without a word, two in a row with the same words. */
function problems(controls: RowControl[]): string[] {
  const found: string[] = [];
  const seen = new Map<string, string>();
  for (const c of controls) {
    if (c.left < c.sight[0] - 0.5 || c.right > c.sight[1] + 0.5)
      found.push(
        `"${c.name}" at ${Math.round(c.left)}-${Math.round(c.right)}, in sight ${Math.round(c.sight[0])}-${Math.round(c.sight[1])}`,
      );
    const key = `${c.row}:${c.words}`;
    if (!c.words) found.push(`"${c.name}" shows no word`);
    else if (seen.has(key)) found.push(`"${c.name}" and "${seen.get(key)}" both show "${c.words}"`);
    seen.set(key, c.name);
  }
  return found;
}

/** The words the control named `name` shows on the current screen. */
async function wordsOf(page: Page, name: string): Promise<string | undefined> {
  return (await rowControls(page)).controls.find((c) => c.name === name)?.words;
}

const screens = [
  "/admin/races",
  "/admin/competitors",
  "/admin/competitors/duplicates",
  "/admin/seasons",
  "/admin/news",
  "/admin/admins",
  "/admin/audit",
];

test("every row action of every admin list is on a 375 px screen, with words that tell it apart", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, OWN_DATA_SITE, ADMIN);
  for (const path of screens) {
    await page.goto(path);
    const { rows, controls } = await rowControls(page);
    expect(rows, `${path}: rows to check`).toBeGreaterThan(0);
    expect(problems(controls), path).toEqual([]);
    // The page itself never scrolls sideways either.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
  }
});

test("a row's card on a phone: its values labelled, its icon buttons worded, their accessible names as before", async ({
  page,
}) => {
  await logIn(page, OWN_DATA_SITE, ADMIN);
  const worded: [path: string, role: "link" | "button", name: string, word: string][] = [
    ["/admin/races", "link", `Results of ${data.race}`, "Results"],
    ["/admin/races", "button", `0 entries of ${data.race}`, "0 entries"],
    ["/admin/races", "link", `Heats of ${data.race}`, "Heats"],
    ["/admin/races", "link", `History of ${data.race}`, "History"],
    ["/admin/races", "button", `Edit ${data.race}`, "Edit"],
    ["/admin/races", "button", `Delete ${data.race}`, "Delete"],
    ["/admin/competitors", "link", `History of ${data.racer}`, "History"],
    ["/admin/competitors", "button", `Edit ${data.racer}`, "Edit"],
    ["/admin/competitors", "button", `Delete ${data.racer}`, "Delete"],
    ["/admin/news", "link", `History of ${data.notice}`, "History"],
    ["/admin/news", "link", `Edit ${data.notice}`, "Edit"],
    ["/admin/news", "link", `Delete ${data.notice}`, "Delete"],
    ["/admin/seasons", "link", `History of ${data.season}`, "History"],
    ["/admin/seasons", "link", `Edit ${data.season}`, "Edit"],
  ];
  for (const [path, role, name, word] of worded) {
    if (!page.url().endsWith(path)) await page.goto(path);
    // Found by its accessible name, as before; showing its word.
    await expect(page.getByRole("main").getByRole(role, { name, exact: true }).first()).toBeVisible();
    expect(await wordsOf(page, name), `${path}: ${name}`).toBe(word);
  }

  await page.goto("/admin/races");
  const race = page.getByRole("row").filter({ hasText: data.race });
  // The column's name leads its value on the card; the header row is there for screen readers.
  await expect(page.getByRole("columnheader", { name: "Location" })).toBeAttached();
  expect(
    await race
      .getByRole("cell")
      .nth(2)
      .evaluate((cell) => getComputedStyle(cell, "::before").content),
  ).toContain("Location");
  // A row's button on its card opens its dialog as before.
  await race.getByRole("button", { name: `Edit ${data.race}`, exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Edit Race" })).toBeVisible();
});

test("on a wide screen the tables are as before: the icon buttons show their icons alone", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, OWN_DATA_SITE, ADMIN);
  await page.goto("/admin/races");
  const race = page.getByRole("row").filter({ hasText: data.race });
  await expect(page.getByRole("columnheader", { name: "Location" })).toBeVisible();
  const edit = race.getByRole("button", { name: `Edit ${data.race}`, exact: true });
  await expect(edit).toHaveText("", { useInnerText: true });
  const box = (await edit.boundingBox())!;
  expect([box.width, box.height]).toEqual([40, 40]);
});
