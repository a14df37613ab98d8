import {
  INBOX_MESSAGES,
  INBOX_NETWORKS,
  type InboxSource,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
} from "@app/shared";
import { Info, TriangleAlert } from "lucide-react";
import { useId } from "react";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** What the network says about itself when it gives apps no comments, else the general sentence. */
const unsupportedNotice = (platform: Platform) =>
  INBOX_NETWORKS[platform].notice ?? INBOX_MESSAGES.sourceStates.unsupported;

/** The sources' problems: accounts whose comments cannot be read now (why), and the networks that give none. */
export function sourceProblems(sources: readonly InboxSource[]) {
  const accounts = sources.filter((s) => s.state !== "ok" && s.state !== "unsupported");
  const networks = PLATFORMS.filter((p) =>
    sources.some((s) => s.account.platform === p && (s.state === "unsupported" || !INBOX_NETWORKS[p].comments)),
  );
  return { accounts, networks };
}

/**
 * Why some comments are not here: each connected account whose comments cannot be read, with the reason and
 * the network's own words; each connected network whose API gives apps no comments (TikTok, Pinterest) with its
 * notice. The other networks' notices (what they allow) are in a small "About networks" disclosure.
 */
export function SourcesNotice({ sources }: { sources: readonly InboxSource[] }) {
  const titleId = useId();
  const { accounts, networks } = sourceProblems(sources);
  const others = PLATFORMS.filter((p) => INBOX_NETWORKS[p].notice && !networks.includes(p));
  return (
    <div className="grid gap-3">
      {(accounts.length > 0 || networks.length > 0) && (
        <Alert variant="warning" role="region" aria-labelledby={titleId}>
          <TriangleAlert aria-hidden />
          <AlertTitle id={titleId}>Some comments cannot appear here</AlertTitle>
          <AlertDescription>
            <ul className="grid gap-2">
              {accounts.map((s) => (
                <li key={s.account.id} className="flex min-w-0 items-start gap-2">
                  <PlatformIcon platform={s.account.platform} size="sm" className="mt-0.5" />
                  <p className="min-w-0 break-words">
                    <span className="font-medium text-foreground">{s.account.name}</span>
                    <span className="sr-only"> ({PLATFORM_LABELS[s.account.platform]})</span>:{" "}
                    {INBOX_MESSAGES.sourceStates[s.state]}
                    {s.detail && (
                      <span className="block text-xs">
                        {PLATFORM_LABELS[s.account.platform]} said: {s.detail}
                      </span>
                    )}
                  </p>
                </li>
              ))}
              {networks.map((p) => (
                <li key={p} className="flex min-w-0 items-start gap-2">
                  <PlatformIcon platform={p} size="sm" className="mt-0.5" />
                  <p className="min-w-0 break-words">
                    <span className="font-medium text-foreground">{PLATFORM_LABELS[p]}</span>: {unsupportedNotice(p)}
                  </p>
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      {others.length > 0 && (
        <details className="group rounded-lg border bg-card px-4 py-2 text-sm">
          <summary className="flex cursor-pointer list-none items-center gap-2 font-medium [&::-webkit-details-marker]:hidden">
            <Info className="size-4 text-muted-foreground" aria-hidden />
            About networks
          </summary>
          <ul className="mt-2 grid gap-2 pb-1 text-muted-foreground">
            {others.map((p) => (
              <li key={p} className="flex min-w-0 items-start gap-2">
                <PlatformIcon platform={p} size="sm" className="mt-0.5" />
                <p className="min-w-0 break-words">
                  <span className="font-medium text-foreground">{PLATFORM_LABELS[p]}</span>: {INBOX_NETWORKS[p].notice}
                </p>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
