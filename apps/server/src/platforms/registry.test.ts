import { expect, test } from "vitest";
import { sandboxUrl } from "./registry";

test("a network URL maps onto the sandbox by host and path", () => {
  expect(sandboxUrl("http://localhost:3000", "twitter", "https://api.x.com/2/tweets")).toBe(
    "http://localhost:3000/sandbox/twitter/api.x.com/2/tweets",
  );
  expect(sandboxUrl("http://h", "tiktok", "https://open.tiktokapis.com/v2/oauth/token/")).toBe(
    "http://h/sandbox/tiktok/open.tiktokapis.com/v2/oauth/token/",
  );
});
