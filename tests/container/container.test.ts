/**
 * The container recipe as a volunteer runs it (issue 33, decision 0050), on Podman with stand-ins
 * for the official images (tests/container/prepare.sh): from a clean copy of the repository,
 * `scripts/install.sh` builds the image and starts compose.yaml's stack (two app replicas, one
 * PostgreSQL, Caddy with its own CA for `localhost`); the site answers over HTTPS, as a non-root
 * user; a registration and an admin edit survive `down` and `up`; a change through one replica
 * shows on the other's cached page; the daily backup lands in its volume and copies out; running
 * the script again changes nothing. Figures go to test-results/container-figures.json.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "~/lib/admin/totp";

const PROJECT = "boatclubtest";
const HTTP_PORT = 4680;
const HTTPS_PORT = 4643;
const SITE = `https://localhost:${HTTPS_PORT}`;
const OWNER = "secretary";
const figures: Record<string, number | string> = {};

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}
const podman = (...args: string[]) => run("podman", args).trim();
const compose = (...args: string[]) => run("podman-compose", ["-p", PROJECT, ...args], { cwd: clone });
const container = (service: string, replica = 1) => `${PROJECT}_${service}_${replica}`;

// The stand-ins' names, made once per machine and kept in Podman's image store.
const images = Object.fromEntries(
  execFileSync("bash", ["tests/container/prepare.sh"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })
    .trim()
    .split("\n")
    .map((line) => line.split("=") as [string, string]),
);

const work = mkdtempSync(path.join(os.tmpdir(), "club-container-"));
const clone = path.join(work, "boat-club");
const installEnv = {
  ...process.env,
  CONTAINER_ENGINE: "podman",
  COMPOSE_PROJECT_NAME: PROJECT,
  HTTP_PORT: String(HTTP_PORT),
  HTTPS_PORT: String(HTTPS_PORT),
  APP_REPLICAS: "2",
  ...images,
};
const install = () =>
  run("bash", ["scripts/install.sh", "--domain", "localhost", "--email", "secretary@example.org", "--owner", OWNER], {
    cwd: clone,
    env: installEnv,
  });

let ca = "";
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
/** A request to the site through Caddy, trusting only Caddy's own authority; redirects not followed. */
function site(
  pathname: string,
  { method = "GET", body, cookie }: { method?: string; body?: URLSearchParams; cookie?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = https.request(
      `${SITE}${pathname}`,
      {
        method,
        ca,
        headers: {
          ...(cookie ? { Cookie: cookie } : {}),
          ...(body ? { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body?.toString());
  });
}
const sessionCookie = (answer: Answer) =>
  ([answer.headers["set-cookie"] ?? []].flat().find((c) => /^(__Host-)?admin_session=[^;]+/.test(c)) ?? "").split(";")[0]!;

/** A replica's own answer, past Caddy (its address on the stack's network). */
async function replica(n: number, pathname: string) {
  const address = podman("inspect", "-f", "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}", container("app", n));
  const response = await fetch(`http://${address}:3000${pathname}`);
  return { cache: response.headers.get("x-page-cache"), body: await response.text() };
}

async function untilReady(timeoutMs = 180_000) {
  const started = Date.now();
  for (;;) {
    const answer = await site("/readyz").catch(() => null);
    if (answer?.status === 200) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error("the site did not answer over HTTPS");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const mebibytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
function memory(name: string): number {
  const [stats] = JSON.parse(podman("stats", "--no-stream", "--format", "json", name)) as [{ mem_usage?: string }];
  // "83.56MB / 25.28GB"
  const [value, unit] = /^([\d.]+)\s*([kMG]?B)/.exec(stats.mem_usage ?? "")!.slice(1) as [string, string];
  return Math.round(Number(value) * ({ B: 1e-6, kB: 1e-3, MB: 1, GB: 1000 } as Record<string, number>)[unit]!);
}

let ownerPassword = "";
let cookie = "";
const stamp = Date.now().toString(36);
const DRIVER = { firstName: "Container", lastName: `Tester${stamp.replace(/\d/g, "")}` };
const NOTICE = `Boats afloat in containers ${stamp}`;

beforeAll(() => {
  // A clean clone: the repository's files as git has them (uncommitted edits included), no
  // node_modules, no build, no .env.
  const files = execFileSync("git", ["ls-files", "-z", "-co", "--exclude-standard"], { encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of files) cpSync(file, path.join(clone, file), { recursive: true });
  // Leftovers of an interrupted run go first; the image is built from this clone (its layers cached).
  spawnSync("podman-compose", ["-p", PROJECT, "down", "-v"], { cwd: clone });
  spawnSync("podman", ["rmi", "localhost/boat-club:local"]);
});

afterAll(() => {
  spawnSync("podman-compose", ["-p", PROJECT, "down", "-v"], { cwd: clone });
  rmSync(work, { recursive: true, force: true });
  mkdirSync("test-results", { recursive: true });
  writeFileSync("test-results/container-figures.json", `${JSON.stringify(figures, null, 2)}\n`);
  console.log("container figures", figures);
});

describe("the container recipe", () => {
  // From nothing the image's dependencies are downloaded and built: minutes on a busy 2-core machine.
  it(
    "installs from nothing with one command: image built, stack started, site answering over HTTPS",
    { timeout: 900_000 },
    () => {
      const started = Date.now();
      const output = install();
      figures.installSeconds = Math.round((Date.now() - started) / 1000);
      figures.imageBuildSeconds = Number(/Built in (\d+) s/.exec(output)?.[1]);
      ownerPassword = new RegExp(`The first owner is "${OWNER}" with the password:\\s+(\\S+)`).exec(output)![1]!;
      expect(ownerPassword.length).toBeGreaterThanOrEqual(20);
      expect(output).toContain(`The site is online at ${SITE}`);
      const env = readFileSync(path.join(clone, ".env"), "utf8");
      expect(env).not.toContain(ownerPassword);
      for (const secret of ["POSTGRES_PASSWORD", "CLUB_OWNER_PASSWORD", "CLUB_SITE_PASSWORD", "TOTP_ENCRYPTION_KEY"]) {
        expect(env).toMatch(new RegExp(`^${secret}=[0-9a-f]{48,}$`, "m"));
      }
      const size = Number(podman("image", "inspect", "--format", "{{.Size}}", "localhost/boat-club:local"));
      const base = Number(podman("image", "inspect", "--format", "{{.Size}}", images.NODE_IMAGE!));
      figures.imageMB = mebibytes(size);
      figures.imageAppLayersMB = mebibytes(size - base);
      figures.standInBaseMB = mebibytes(base);
      ca = podman("exec", container("caddy"), "cat", "/data/caddy/pki/authorities/local/root.crt");
    },
  );

  it("serves HTTPS only: HTTP is redirected, pages are compressed and carry HSTS; health checks pass", async () => {
    const plain = await fetch(`http://localhost:${HTTP_PORT}/results`, { redirect: "manual" });
    expect(plain.status).toBe(308);
    expect(plain.headers.get("location")).toBe("https://localhost/results");
    const home = await site("/");
    expect(home.status).toBe(200);
    expect(home.headers["strict-transport-security"]).toContain("max-age=31536000");
    for (const name of [container("app", 1), container("app", 2), container("postgres")]) {
      expect(spawnSync("podman", ["healthcheck", "run", name]).status, `${name} is healthy`).toBe(0);
    }
  });

  it("runs the site as a non-root user, on a database role that owns nothing", () => {
    expect(podman("exec", container("app"), "id", "-u")).toBe("1000");
    expect(podman("inspect", "--format", "{{.Config.User}}", container("app"))).toBe("1000:1000");
    expect(podman("logs", container("app", 2))).toContain('the site connects as \\"club_site\\", which owns no table');
  });

  it("takes a registration through the public form and an admin's edit, after two-factor set-up", async () => {
    const registered = await site("/registration", {
      method: "POST",
      body: new URLSearchParams({
        ...DRIVER,
        boatNumber: "33",
        boatClasses: "Open",
        email: "container.tester@example.net",
        pipaConsent: "on",
        intent: "submit",
      }),
    });
    expect(registered.status).toBeLessThan(400);

    // The first owner signs in with the printed password, adds an e-mail address and an
    // authenticator app (the admin area asks for both), then posts a notice.
    cookie = sessionCookie(
      await site("/admin/login", { method: "POST", body: new URLSearchParams({ username: OWNER, password: ownerPassword }) }),
    );
    expect(cookie).not.toBe("");
    const email = await site("/admin/account", {
      method: "POST",
      cookie,
      body: new URLSearchParams({ email: "secretary@example.org", currentPassword: ownerPassword }),
    });
    expect(email.status).toBe(200);
    const twoFactor = (values: Record<string, string>) =>
      site("/admin/account/two-factor", { method: "POST", cookie, body: new URLSearchParams(values) });
    expect((await twoFactor({ intent: "reauth-password", currentPassword: ownerPassword })).status).toBe(200);
    const setup = (await twoFactor({ intent: "totp-start" })).body;
    const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(setup)![1]!.replace(/ /g, "");
    const setupId = /name="setupId" value="([A-Za-z0-9_-]{43})"/.exec(setup)![1]!;
    expect((await twoFactor({ intent: "totp-confirm", setupId, code: totpCode(secret) })).status).toBe(200);

    // Both replicas have the news page cached before the change.
    for (const n of [1, 2]) {
      await replica(n, "/news");
      expect((await replica(n, "/news")).cache).toBe("hit");
    }
    const notice = await site("/admin/news", {
      method: "POST",
      cookie,
      body: new URLSearchParams({ title: NOTICE, body: "Two replicas, one database." }),
    });
    expect(notice.status).toBe(302);
  });

  it("shows the change on both replicas' cached pages, whichever replica took it", async () => {
    for (const n of [1, 2]) {
      const page = await replica(n, "/news");
      expect(page.body, `replica ${n}`).toContain(NOTICE);
    }
  });

  it("writes the daily backup into its volume, and it copies off the machine", () => {
    // As docs/put-online.md says: `docker compose cp app:/data/backups ./club-backups` (Podman: podman cp).
    const copied = path.join(work, "club-backups");
    podman("cp", `${container("app")}:/data/backups`, copied);
    const files = readdirSync(copied).filter((f) => /^club-backup-.*\.json\.gz$/.test(f));
    expect(files).toHaveLength(1);
    const backup = JSON.parse(gunzipSync(readFileSync(path.join(copied, files[0]!))).toString("utf8")) as {
      tables: Record<string, unknown[]>;
    };
    expect(backup.tables).toHaveProperty("competitors");
    expect(backup.tables).toHaveProperty("admins");
  });

  it("keeps the registration, the edit and the session across `down` and `up`", async () => {
    compose("down");
    const started = Date.now();
    compose("up", "-d");
    await untilReady();
    figures.upToReadySeconds = Math.round((Date.now() - started) / 100) / 10;
    const competitors = await site("/admin/competitors", { cookie });
    expect(competitors.status).toBe(200);
    expect(competitors.body).toContain(DRIVER.lastName);
    expect((await site("/news")).body).toContain(NOTICE);
  });

  it("changes nothing when the install runs again", () => {
    const state = () =>
      createHash("sha256")
        .update(readFileSync(path.join(clone, ".env")))
        .update(
          podman(
            "ps",
            "--no-trunc",
            "--format",
            "{{.ID}} {{.Names}} {{.StartedAt}}",
            "--filter",
            `label=com.docker.compose.project=${PROJECT}`,
          ),
        )
        .update(podman("volume", "ls", "--format", "{{.Name}}", "--filter", `name=${PROJECT}`))
        .update(podman("image", "inspect", "--format", "{{.Id}}", "localhost/boat-club:local"))
        .digest("hex");
    const before = state();
    const output = install();
    expect(output).toContain("Admins exist already");
    expect(output).not.toContain("with the password:");
    expect(state()).toBe(before);
  });

  it("measures memory at idle", async () => {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    figures.appReplicaMemoryMB = memory(container("app"));
    figures.postgresMemoryMB = memory(container("postgres"));
    figures.caddyMemoryMB = memory(container("caddy"));
  });
});
