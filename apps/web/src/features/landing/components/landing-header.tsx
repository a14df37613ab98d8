import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { AUTH_PATH, SECTION_LINKS } from "../content";
import { Logo } from "./logo";

export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A disclosure rather than a modal sheet: the links are plain in-page anchors,
  // and a focus trap or scroll lock would only fight the browser's own hash scrolling.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menuOpen]);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70"
    >
      <a
        href="#main"
        // Parked above the viewport rather than sr-only: `not-sr-only` would reset the padding we want on focus.
        className="absolute left-4 top-3 z-50 -translate-y-24 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground opacity-0 shadow-md focus:translate-y-0 focus:opacity-100"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Logo className="mr-auto lg:mr-6" />

        <nav aria-label="Main" className="hidden lg:mr-auto lg:block">
          <ul className="flex items-center gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <ThemeToggle />
        {/* Below `sm` there is only room for one call to action; Sign In moves into the menu. */}
        <Button asChild variant="ghost" className="hidden sm:inline-flex">
          <Link to={AUTH_PATH}>Sign In</Link>
        </Button>
        <Button asChild size="sm" className="sm:h-9 sm:px-4 sm:text-sm">
          <Link to={AUTH_PATH}>Get Started Free</Link>
        </Button>
        <Button
          ref={toggleRef}
          type="button"
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
        </Button>
      </div>

      {/* Overlays the page instead of pushing it down, so opening or closing it never shifts scroll targets. */}
      <div
        id={menuId}
        hidden={!menuOpen}
        className="absolute inset-x-0 top-full border-b bg-background shadow-lg lg:hidden"
      >
        <nav aria-label="Main" className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
          <ul className="flex flex-col gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  onClick={() => setMenuOpen(false)}
                  className="block rounded-md px-3 py-2.5 text-base font-medium transition-colors hover:bg-accent hover:text-accent-foreground"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t pt-3 sm:hidden">
            <Button asChild variant="outline" className="w-full">
              <Link to={AUTH_PATH} onClick={() => setMenuOpen(false)}>
                Sign In
              </Link>
            </Button>
          </div>
        </nav>
      </div>
    </header>
  );
}
