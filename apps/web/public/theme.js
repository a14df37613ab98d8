// The dark theme, applied before the first paint: the landing page is painted from its HTML, before the app's
// script runs, and would otherwise flash light for a visitor in dark mode. The same choice as ThemeProvider
// (src/lib/theme.tsx), which takes over once the app runs: the stored choice ("orbitpost-theme"), else the
// system's. A classic script from our own origin, as the Content-Security-Policy allows no inline script.
try {
  const stored = localStorage.getItem("orbitpost-theme");
  const dark = stored === "dark" || (stored !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
} catch {
  // No storage (a privacy mode): ThemeProvider decides once the app runs.
}
