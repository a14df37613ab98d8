import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { loadConfig } from "../config/env";
import { createPlatformRegistry, sandboxUrl } from "./registry";

test("a network URL maps onto the sandbox by host and path", () => {
  expect(sandboxUrl("http://localhost:3000", "twitter", "https://api.x.com/2/tweets")).toBe(
    "http://localhost:3000/sandbox/twitter/api.x.com/2/tweets",
  );
  expect(sandboxUrl("http://h", "tiktok", "https://open.tiktokapis.com/v2/oauth/token/")).toBe(
    "http://h/sandbox/tiktok/open.tiktokapis.com/v2/oauth/token/",
  );
});

test("LinkedIn is asked for its organization scopes with LINKEDIN_ORGANIZATIONS=1, and in the sandbox unless it is 0", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "registry-"));
  const scopesOf = (env: Record<string, string>) => {
    const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: "x".repeat(32), ...env });
    const url = createPlatformRegistry(config).linkedin?.authorizeUrl({ state: "s", redirectUri: "https://app/cb" });
    return new URL(url as string).searchParams.get("scope")?.split(" ");
  };
  try {
    const real = { LINKEDIN_CLIENT_ID: "id", LINKEDIN_CLIENT_SECRET: "secret" };
    expect(scopesOf(real)).toEqual(["openid", "profile", "email", "w_member_social"]);
    expect(scopesOf({ ...real, LINKEDIN_ORGANIZATIONS: "1" })).toEqual([
      "openid",
      "profile",
      "email",
      "w_member_social",
      "w_organization_social",
      "r_organization_social",
      "rw_organization_admin",
      "r_member_profileAnalytics",
      "r_member_postAnalytics",
    ]);
    expect(scopesOf({})).toContain("w_organization_social");
    expect(scopesOf({})).toContain("rw_organization_admin");
    expect(scopesOf({ LINKEDIN_ORGANIZATIONS: "0" })).toEqual(["openid", "profile", "email", "w_member_social"]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
