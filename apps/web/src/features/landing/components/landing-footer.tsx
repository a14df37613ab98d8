import { APP_NAME } from "@app/shared";
import { Link } from "react-router";
import { Separator } from "@/components/ui/separator";
import { AUTH_PATH, FOOTER_DESCRIPTION, SECTION_LINKS, SIGN_UP_PATH } from "../content";
import { Logo } from "./logo";

const linkClass = "rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground";

export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="grid grid-cols-2 gap-10 sm:grid-cols-[2fr_1fr_1fr]">
          <div className="col-span-2 max-w-sm sm:col-span-1">
            <Logo />
            <p className="mt-4 text-sm leading-relaxed text-muted-foreground">{FOOTER_DESCRIPTION}</p>
          </div>
          <nav aria-labelledby="footer-product">
            <h2 id="footer-product" className="text-sm font-semibold">
              Product
            </h2>
            <ul className="mt-4 space-y-3">
              {SECTION_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={linkClass}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-account">
            <h2 id="footer-account" className="text-sm font-semibold">
              Account
            </h2>
            <ul className="mt-4 space-y-3">
              <li>
                <Link to={AUTH_PATH} className={linkClass}>
                  Sign In
                </Link>
              </li>
              <li>
                <Link to={SIGN_UP_PATH} className={linkClass}>
                  Sign Up
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <Separator className="my-8" />
        <p className="text-sm text-muted-foreground">
          © {year} {APP_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
