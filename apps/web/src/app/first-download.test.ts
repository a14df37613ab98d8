import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FAQS, HERO, SECTION_LINKS } from "@/features/landing/content";
import { renderLandingPage } from "./landing-prerender";
import { chunksFor } from "./router";

const src = path.resolve(import.meta.dirname, "..");

/** The modules `file` imports for its own start-up: static imports and re-exports, not types, not import(). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, "utf8");
  const specs: string[] = [];
  const pattern = /^(?:import|export)\s+(?!type\b)(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm;
  for (const match of code.matchAll(pattern)) specs.push(match[1] as string);
  return specs;
}

function resolveSource(spec: string, from: string): string | null {
  const base = spec.startsWith("@/")
    ? path.join(src, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    try {
      if (readFileSync(candidate) && /\.(ts|tsx|css)$/.test(candidate)) return candidate;
    } catch {}
  }
  throw new Error(`cannot resolve ${spec} from ${from}`);
}

/** Everything main.tsx loads before anything is shown: the landing page's own script. */
function firstDownload() {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (file.endsWith(".css")) return;
    for (const spec of staticImports(file)) {
      const resolved = resolveSource(spec, file);
      if (resolved) visit(resolved);
      else packages.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] as string));
    }
  };
  visit(path.join(src, "main.tsx"));
  return { files: [...files].map((f) => path.relative(src, f)), packages: [...packages] };
}

describe("the landing page's first download", () => {
  const { files, packages } = firstDownload();

  it("holds the landing page", () => {
    expect(files).toContain("app/routes/landing.tsx");
    expect(files).toContain("features/landing/components/hero.tsx");
  });

  it("leaves out the signed-in app, the auth screen and the 404", () => {
    expect(files.filter((f) => f.startsWith("app/routes/") && f !== "app/routes/landing.tsx")).toEqual([]);
    // The one exception: the month grid's range (plain dates), for the router's early read of the calendar.
    const allowed = (f: string) => f.startsWith("features/landing/") || f === "features/posts/utils/calendar-range.ts";
    expect(files.filter((f) => f.startsWith("features/") && !allowed(f))).toEqual([]);
    expect(files).not.toContain("app/provider.tsx");
  });

  it("leaves out the API client, the query cache, toasts, forms, schemas and the calendar", () => {
    expect(files).not.toContain("lib/api-client.ts");
    for (const pkg of [
      "@tanstack/react-query",
      "sonner",
      "zod",
      "react-hook-form",
      "@hookform/resolvers",
      "@fullcalendar/react",
      "date-fns",
    ]) {
      expect(packages).not.toContain(pkg);
    }
  });

  it("leaves the FAQ's accordion for after the first paint", () => {
    expect(files).not.toContain("features/landing/components/faq.tsx");
    expect(files).not.toContain("components/ui/accordion.tsx");
  });
});

describe("the chunks a URL starts at once", () => {
  it("the landing page needs none", () => {
    expect(chunksFor("/")).toEqual([]);
  });

  it("a signed-in screen needs the API layer, the app's frame and its own screen together", () => {
    expect(chunksFor("/scheduler")).toEqual(["api", "app", "/scheduler"]);
    expect(chunksFor("/auth/linkedin/callback")).toEqual(["api", "app", "/auth/:platform/callback"]);
    expect(chunksFor("/auth")).toEqual(["api", "auth"]);
  });

  it("an unknown address needs only the 404", () => {
    expect(chunksFor("/no-such-page")).toEqual(["not-found"]);
  });
});

describe("the landing page's HTML, rendered at build time (dist/landing.html, sent for /)", () => {
  const html = renderLandingPage();
  const elementWithId = (id: string) => new RegExp(`<[a-z]+ [^>]*id="${id}"`);

  it("is the whole page, painted before any script has run: header, hero, every section, footer", () => {
    expect(html).toContain(HERO.title);
    for (const link of SECTION_LINKS) expect(html).toMatch(elementWithId(link.href.slice(1)));
    for (const id of ["main", "demo", "benefits"]) expect(html).toMatch(elementWithId(id));
    expect(html).toMatch(/<footer[ >]/);
    expect(html).toContain('href="/auth"');
  });

  it("holds the FAQ's placeholder, not the accordion that loads after the first paint", () => {
    expect(html).toMatch(elementWithId("faq"));
    expect(html).not.toContain(FAQS[0]?.question);
  });

  it("is the light theme of a visitor with nothing stored, and leaves no stand-in window behind in Node", () => {
    expect(html).toContain('aria-label="Switch to dark theme"');
    expect("window" in globalThis).toBe(false);
    expect("localStorage" in globalThis).toBe(false);
  });

  it("blurs the hero's glow on a layer of its own (rastering the blur tile by tile held the first paint back)", () => {
    expect(html).toMatch(/class="[^"]*blur-3xl[^"]*will-change-transform/);
  });
});

describe("the dark theme, set before the first paint (public/theme.js)", () => {
  const web = path.resolve(src, "..");
  const script = readFileSync(path.join(web, "public/theme.js"), "utf8");

  it("index.html runs it as a blocking script in the head, before anything in the body is parsed", () => {
    const head = readFileSync(path.join(web, "index.html"), "utf8").split("</head>")[0] ?? "";
    expect(head).toMatch(/<script src="\/theme\.js"><\/script>/);
  });

  it("makes ThemeProvider's choice: the stored theme, else the system's", () => {
    const storageKey = readFileSync(path.join(src, "lib/theme.tsx"), "utf8").match(/STORAGE_KEY = "([^"]+)"/)?.[1];
    expect(storageKey).toBeTruthy();
    const darkFor = (stored: string | null, systemDark: boolean) => {
      const classes = new Set<string>();
      const run = new Function("localStorage", "window", "document", script);
      run(
        { getItem: (key: string) => (key === storageKey ? stored : null) },
        { matchMedia: (query: string) => ({ matches: systemDark && query === "(prefers-color-scheme: dark)" }) },
        {
          documentElement: {
            classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
          },
        },
      );
      return classes.has("dark");
    };
    expect(darkFor(null, false)).toBe(false);
    expect(darkFor(null, true)).toBe(true);
    expect(darkFor("dark", false)).toBe(true);
    expect(darkFor("light", true)).toBe(false);
  });
});
