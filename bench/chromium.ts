import { chromium } from "@playwright/test";

/** Debian's Chromium (or CHROMIUM_PATH) with the flags the browser tests use: one home for the benchmarks. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
