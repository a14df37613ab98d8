import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { ThemeProvider } from "@/lib/theme";
import { AppRoutes } from "./router";

/**
 * The landing page's markup, rendered once at build time (vite.config.ts writes it into dist/landing.html,
 * which the server sends for `/`). The browser paints it as soon as the HTML and the stylesheet are in, instead
 * of after the script has downloaded, run and rendered the page; the script then renders the same tree over it
 * (main.tsx, createRoot), which makes the page interactive.
 *
 * The tree is main.tsx's for `/`, so the markup is exactly what the script renders for a visitor in the light
 * theme with nothing stored. The theme provider reads the system preference and localStorage as it starts:
 * here, in Node, there are none, so it reads "light, nothing chosen" from a stand-in for the render's duration.
 */
export function renderLandingPage(): string {
  const scope = globalThis as { window?: unknown; localStorage?: unknown };
  const had = { window: "window" in scope, localStorage: "localStorage" in scope };
  if (!had.window) {
    scope.window = {
      matchMedia: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
    };
  }
  if (!had.localStorage) scope.localStorage = { getItem: () => null };
  try {
    return renderToString(
      <StrictMode>
        <ThemeProvider>
          <StaticRouter location="/">
            <AppRoutes />
          </StaticRouter>
        </ThemeProvider>
      </StrictMode>,
    );
  } finally {
    if (!had.window) delete scope.window;
    if (!had.localStorage) delete scope.localStorage;
  }
}
