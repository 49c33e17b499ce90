/**
 * Image uploads over real HTTP (issue 24 item 2): a race's picture, the club's logo and banner.
 * A JPEG with EXIF GPS comes back without it; a PNG named .jpg, a truncated file, a 50-megapixel
 * image, a 20 MB body, an SVG and an HTML file are refused with a message and store nothing;
 * the variants are served immutable with their own type; a replaced image is deleted with the
 * change; who may upload what; the images travel in backups. Fixtures are made here by sharp.
 */
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { createBackup, decodeBackup, encodeBackup, restoreBackup } from "~/domain/admin/backup.server";
import { processImage } from "~/domain/images/process.server";
import { auditLog, imageVariants, images, races } from "~/db/schema";
import { createTestDatabase, useTestDatabase } from "../support/database";
import { createAdmin, createRace } from "../support/factories";
import { cookieValue, startTestSite, type TestSite } from "../support/admin-http";

const { db, pool } = await useTestDatabase();
let site: TestSite;

const PASSWORD = "correct horse battery";
const { admin: owner } = await createAdmin(db, "images-owner", PASSWORD);
const { admin: officer } = await createAdmin(db, "images-officer", PASSWORD, { role: "results_officer", twoFactor: false });
const ownerCookie = `admin_session=${await createSession(db, owner.id)}`;
const officerCookie = `admin_session=${await createSession(db, officer.id)}`;

beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());

/** A photo as a phone takes it: noise (so it compresses like one), EXIF with the lake's position. */
async function phoneJpeg(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 120, sigma: 30 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Member's phone" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 18/1 3600/100", GPSLongitudeRef: "W", GPSLongitude: "64/1 47/1 0/1" },
    })
    .toBuffer();
}

const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 90, b: 140, alpha: 1 } } })
    .png()
    .toBuffer();

/** The toast the answer's cookie carries (React Router's cookie: base64 of the JSON). */
function toastOf(response: Response): { type: string; title: string; description?: string } {
  const value = cookieValue(response, "toast");
  if (!value) throw new Error(`no toast (status ${response.status})`);
  return JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8"));
}

function upload(query: string, bytes: Buffer | Uint8Array, name: string, cookie = ownerCookie, type = "image/jpeg") {
  const body = new FormData();
  body.set("intent", "upload");
  body.set("image", new Blob([new Uint8Array(bytes)], { type }), name);
  return site.request(`/admin/images?${query}`, { method: "POST", cookie, body });
}

const stored = async () => (await db.select({ n: count() }).from(images))[0]!.n;

describe("a race's image", () => {
  it("is re-encoded without its EXIF and GPS, shown on the race page and served immutable", async () => {
    const race = await createRace(db, { title: "Image Race" });
    const response = await upload(`purpose=race&race=${race.id}`, await phoneJpeg(), "lake.jpg");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/races");
    expect(toastOf(response)).toMatchObject({ type: "success", title: "Image uploaded" });

    const [row] = await db.select({ hash: races.imageHash }).from(races).where(eq(races.id, race.id));
    const [image] = await db.select().from(images).where(eq(images.hash, row!.hash!));
    expect(image).toMatchObject({ purpose: "race", width: 1152, height: 864, widths: [384, 768, 1152] });

    const page = await (await site.request(`/results/${race.id}`)).text();
    expect(page).toContain("<picture>");
    expect(page).toContain(`/images/u/${image!.hash}-768.avif 768w`);
    expect(page).toMatch(/<img[^>]*width="1152"[^>]*height="864"[^>]*loading="lazy"/);

    for (const format of ["avif", "webp"] as const) {
      const served = await site.request(`/images/u/${image!.hash}-384.${format}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe(`image/${format}`);
      expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
      const etag = served.headers.get("ETag")!;
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.width).toBe(384);
      // Nothing of the phone's: no EXIF (GPS, camera), XMP or ICC profile.
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
      const again = await site.request(`/images/u/${image!.hash}-384.${format}`, { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
    }

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.kind, "image.upload"));
    expect(audit).toMatchObject({ recordType: "race", recordId: String(race.id) });
  });

  it("replaced, deletes the old one in the same change; removed, the bundled picture shows again", async () => {
    const race = await createRace(db, { title: "Round the Island Grand Prix" });
    await upload(`purpose=race&race=${race.id}`, await png(800, 450), "first.png", ownerCookie, "image/png");
    const [first] = await db.select({ hash: races.imageHash }).from(races).where(eq(races.id, race.id));
    await upload(`purpose=race&race=${race.id}`, await png(900, 500), "second.png", ownerCookie, "image/png");
    const [second] = await db.select({ hash: races.imageHash }).from(races).where(eq(races.id, race.id));
    expect(second!.hash).not.toBe(first!.hash);
    expect(await db.select().from(images).where(eq(images.hash, first!.hash!))).toEqual([]);
    expect(await db.select().from(imageVariants).where(eq(imageVariants.hash, first!.hash!))).toEqual([]);
    expect((await site.request(`/images/u/${first!.hash}-384.webp`)).status).toBe(404);

    const removed = await site.request(`/admin/images?purpose=race&race=${race.id}`, {
      method: "POST",
      cookie: ownerCookie,
      body: new URLSearchParams({ intent: "remove" }),
    });
    expect(toastOf(removed)).toMatchObject({ type: "success", title: "Image removed" });
    expect(await db.select().from(images).where(eq(images.hash, second!.hash!))).toEqual([]);
    const page = await (await site.request(`/results/${race.id}`)).text();
    expect(page).not.toContain("<picture>");
    expect(page).toContain("/images/race-grand-prix.svg");
  });

  it("is deleted with its race", async () => {
    const race = await createRace(db);
    await upload(`purpose=race&race=${race.id}`, await png(), "x.png", ownerCookie, "image/png");
    const before = await stored();
    await db.delete(races).where(eq(races.id, race.id));
    expect(await stored()).toBe(before - 1);
  });
});

describe("the pipeline", () => {
  it("turns a photo upright by its EXIF orientation, then drops the orientation with the rest", async () => {
    // Taken with the phone on its side: stored 800 x 400, EXIF says "rotate 90".
    const sideways = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#336699" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await processImage("race", "side.jpg", sideways);
    expect([image.width, image.height]).toEqual([400, 800]);
    const meta = await sharp(image.variants.find((v) => v.width === 400 && v.format === "webp")!.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([400, 800, undefined]);
  });
});

describe("refused uploads store nothing and say why", () => {
  const cases: [string, () => Promise<{ bytes: Buffer; name: string }>, RegExp][] = [
    ["a PNG named .jpg", async () => ({ bytes: await png(), name: "photo.jpg" }), /does not match its content, a PNG image/],
    [
      "a truncated JPEG",
      async () => {
        const whole = await phoneJpeg(800, 600);
        return { bytes: whole.subarray(0, Math.floor(whole.length / 2)), name: "cut.jpg" };
      },
      /damaged or incomplete/,
    ],
    [
      "a 50-megapixel image",
      async () => ({
        bytes: await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: "#0b5c8e" } })
          .png({ compressionLevel: 9 })
          .toBuffer(),
        name: "huge.png",
      }),
      /50 megapixels, at most 40/,
    ],
    [
      "an SVG",
      async () => ({
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: "logo.svg",
      }),
      /not a JPEG, PNG or WebP image/,
    ],
    [
      "an HTML file named .png",
      async () => ({ bytes: Buffer.from("<!doctype html><script>alert(1)</script>"), name: "x.png" }),
      /not a JPEG, PNG or WebP image/,
    ],
    ["an empty file", async () => ({ bytes: Buffer.alloc(0), name: "" }), /Choose an image file/],
  ];
  it.each(cases)(
    "%s",
    async (_what, make, message) => {
      const race = await createRace(db);
      const before = await stored();
      const { bytes, name } = await make();
      const response = await upload(`purpose=race&race=${race.id}`, bytes, name);
      expect(response.status).toBe(303);
      const toast = toastOf(response);
      expect(toast.type).toBe("error");
      expect(toast.description).toMatch(message);
      expect(await stored()).toBe(before);
      const [row] = await db.select({ hash: races.imageHash }).from(races).where(eq(races.id, race.id));
      expect(row!.hash).toBeNull();
    },
    60_000,
  );

  it("a 20 MB body is refused before it is read (declared or streamed)", async () => {
    const race = await createRace(db);
    const before = await stored();
    const declared = await fetch(`${site.url}/admin/images?purpose=race&race=${race.id}`, {
      method: "POST",
      headers: {
        Cookie: ownerCookie,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(20 * 1024 * 1024),
      },
      body: Buffer.alloc(20 * 1024 * 1024),
    }).catch((error: unknown) => error);
    if (declared instanceof Response) {
      expect(declared.status).toBe(413);
      expect(await declared.text()).toMatch(/at most 10 MB/);
    }

    // Chunked: counted as it arrives, refused once past the cap (what the client still sends is
    // not kept); memory stays near the cap.
    const rssBefore = process.memoryUsage().rss;
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 20) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await fetch(`${site.url}/admin/images?purpose=race&race=${race.id}`, {
      method: "POST",
      headers: { Cookie: ownerCookie, "Content-Type": "multipart/form-data; boundary=x" },
      body: stream,
      duplex: "half",
    } as RequestInit).catch((error: unknown) => error);
    if (streamed instanceof Response) expect(streamed.status).toBe(413);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
    expect(await stored()).toBe(before);
  }, 60_000);

  it("an ordinary form still has the 64 KB cap", async () => {
    const response = await site.request("/admin/settings", {
      method: "POST",
      cookie: ownerCookie,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: Buffer.alloc(200 * 1024),
    });
    expect(response.status).toBe(413);
  });
});

describe("the club's logo and banner", () => {
  it("show in the header and on the home page, with explicit sizes; removed, the pages are as before", async () => {
    const homeBefore = await (await site.request("/")).text();
    expect(homeBefore).not.toContain("/images/u/");

    expect(toastOf(await upload("purpose=logo", await png(200, 100), "logo.png", ownerCookie, "image/png")).type).toBe("success");
    expect(toastOf(await upload("purpose=banner", await phoneJpeg(2400, 800), "banner.jpg")).type).toBe("success");
    const home = await (await site.request("/")).text();
    // The logo: 36 px high, 72 px wide (2:1), WebP at 1x and 2x.
    expect(home).toMatch(
      /<img src="\/images\/u\/[0-9a-f]{32}-72\.webp" srcSet="[^"]*-144\.webp 2x" alt="" width="72" height="36"/i,
    );
    // The banner: above the fold, fetched first, never lazy.
    expect(home).toMatch(/<img[^>]*-640\.webp[^>]*width="1920" height="640"[^>]*fetchpriority="high"/i);
    expect(home).not.toMatch(/fetchpriority="high"[^>]*loading="lazy"/);
    const other = await (await site.request("/results")).text();
    expect(other).toMatch(/-72\.webp/);

    for (const purpose of ["logo", "banner"])
      await site.request(`/admin/images?purpose=${purpose}`, {
        method: "POST",
        cookie: ownerCookie,
        body: new URLSearchParams({ intent: "remove" }),
      });
    expect(await (await site.request("/")).text()).toBe(homeBefore);
  }, 60_000);
});

describe("who may upload", () => {
  it("a results officer may set a race's image, not the logo", async () => {
    const race = await createRace(db);
    const ok = await upload(`purpose=race&race=${race.id}`, await png(), "a.png", officerCookie, "image/png");
    expect(toastOf(ok).type).toBe("success");
    const before = await stored();
    const refused = await upload("purpose=logo", await png(), "a.png", officerCookie, "image/png");
    expect(refused.status).toBe(403);
    expect(await stored()).toBe(before);
  });

  it("nobody signed in is sent to sign in", async () => {
    const response = await upload("purpose=logo", await png(), "a.png", "");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
  });

  it("an unknown image name is 404", async () => {
    for (const name of ["nope.webp", `${"a".repeat(32)}-384.webp`, `${"a".repeat(32)}-384.png`, "..%2F..%2Fetc%2Fpasswd"])
      expect((await site.request(`/images/u/${name}`)).status).toBe(404);
  });
});

describe("backups", () => {
  it("carry the images, and a restore brings back the same bytes", async () => {
    const race = await createRace(db);
    await upload(`purpose=race&race=${race.id}`, await png(640, 360), "b.png", ownerCookie, "image/png");
    const backup = await createBackup(pool);
    expect(backup.tables.images!.length).toBe(await stored());
    expect(backup.tables.image_variants!.length).toBeGreaterThan(0);
    const target = await createTestDatabase();
    try {
      await restoreBackup(target.pool, decodeBackup(encodeBackup(backup)));
      const variants = (rows: { hash: string; width: number; format: string; bytes: Buffer }[]) =>
        rows.map((r) => `${r.hash}-${r.width}.${r.format}:${r.bytes.toString("base64")}`).sort();
      expect(variants(await target.db.select().from(imageVariants))).toEqual(variants(await db.select().from(imageVariants)));
      const [restored] = await target.db.select({ hash: races.imageHash }).from(races).where(eq(races.id, race.id));
      expect(restored!.hash).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await target.drop();
    }
  });
});
