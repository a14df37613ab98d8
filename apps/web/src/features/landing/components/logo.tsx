import { APP_NAME } from "@app/shared";
import { Orbit } from "lucide-react";
import { Link } from "react-router";
import { cn } from "@/lib/utils";

/**
 * The wordmark doubles as a "back to top" link, the convention visitors expect.
 * A same-page router navigation would not move the viewport, hence the scroll.
 */
export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      onClick={() => window.scrollTo({ top: 0 })}
      className={cn("inline-flex items-center gap-2 rounded-md font-semibold tracking-tight", className)}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Orbit aria-hidden className="size-5" />
      </span>
      {/* On the very narrowest phones the icon alone identifies the link; the name stays for screen readers. */}
      <span className="text-lg max-[359px]:sr-only">{APP_NAME}</span>
    </Link>
  );
}
