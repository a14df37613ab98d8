import type { Platform } from "@app/shared";
import { expect } from "vitest";
import type { NetworkTestApp } from "./helpers";

/** Starts a connection and answers the sandbox's consent page like a user would; returns code and state. */
export async function authorize(t: NetworkTestApp, cookie: string, platform: Platform, username: string) {
  const init = await t.app.inject({
    method: "POST",
    url: `/api/oauth/${platform}/initiate`,
    headers: { cookie },
    payload: {},
  });
  expect(init.statusCode, init.body).toBe(200);
  const authUrl: string = init.json().authUrl;
  expect(authUrl.startsWith(`${t.baseUrl}/sandbox/${platform}/`)).toBe(true);
  const consent = await fetch(authUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ approve: "1", username }).toString(),
  });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get("location") as string);
  expect(back.pathname).toBe(`/auth/${platform}/callback`);
  return { code: back.searchParams.get("code") as string, state: back.searchParams.get("state") as string, authUrl };
}

export async function connect(t: NetworkTestApp, cookie: string, platform: Platform, username = `${platform}_alice`) {
  const { code, state } = await authorize(t, cookie, platform, username);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/oauth/${platform}/callback`,
    headers: { cookie },
    payload: { code, state },
  });
  return res;
}
