import { COMPOSER_MESSAGES as M, PLATFORM_LABELS, type Platform } from "@app/shared";
import { CircleAlert, PenLine, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { PlatformIcon } from "@/components/platform-icon";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { commonNetworks, customizedNetworks, type FormVariants, type TextTab } from "../utils/network-text";

const names = (platforms: readonly Platform[]) => platforms.map((p) => PLATFORM_LABELS[p]).join(", ");

/**
 * The post's text, hashtags and media per network (issue 23): "All networks" edits the common text; each chosen
 * network the user customized has a tab of its own, marked when its text is too long for it. The editor itself is
 * `children`, bound by the composer to the shown tab's fields.
 */
export function NetworkTextTabs({
  platforms,
  variants,
  tab,
  onTabChange,
  onCustomize,
  onUseCommon,
  tooLong,
  children,
}: {
  /** the chosen networks */
  platforms: readonly Platform[];
  variants: FormVariants;
  /** the tab shown (shownTab) */
  tab: TextTab;
  onTabChange(tab: TextTab): void;
  onCustomize(platform: Platform): void;
  onUseCommon(platform: Platform): void;
  /** whether a tab's text is over the limit of a network it goes to */
  tooLong(tab: TextTab): boolean;
  children: ReactNode;
}) {
  const customized = customizedNetworks(variants, platforms);
  const common = commonNetworks(variants, platforms);
  const note =
    tab !== "all" ? (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed px-3 py-2">
        <p className="text-sm text-muted-foreground">{M.ownText(PLATFORM_LABELS[tab])}</p>
        <Button type="button" size="sm" variant="outline" onClick={() => onUseCommon(tab)}>
          <Undo2 aria-hidden />
          {M.useCommon}
        </Button>
      </div>
    ) : platforms.length > 0 ? (
      <div className="grid gap-2 text-sm text-muted-foreground">
        <p>
          {customized.length === 0
            ? M.sameEverywhere
            : common.length > 0
              ? M.commonUsedBy(names(common))
              : M.commonUnused}
        </p>
        {common.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <span>{M.customizeFor}</span>
            {common.map((p) => (
              <Button
                key={p}
                type="button"
                size="sm"
                variant="outline"
                className="h-8 gap-1.5 px-2"
                aria-label={M.customizeLabel(PLATFORM_LABELS[p])}
                onClick={() => onCustomize(p)}
              >
                <PlatformIcon platform={p} size="sm" className="size-5 rounded text-[0.55rem]" />
                {PLATFORM_LABELS[p]}
                <PenLine className="size-3.5" aria-hidden />
              </Button>
            ))}
          </div>
        )}
      </div>
    ) : null;

  if (customized.length === 0)
    return (
      <div className="grid gap-4">
        {note}
        {children}
      </div>
    );
  return (
    <Tabs value={tab} onValueChange={(v) => onTabChange(v as TextTab)} className="grid gap-3">
      <TabsList aria-label={M.textTabs} className="h-auto w-full flex-wrap justify-start sm:w-fit">
        <TabsTrigger value="all" className="flex-none">
          {M.allNetworks}
          {tooLong("all") && <TooLong />}
        </TabsTrigger>
        {customized.map((p) => (
          <TabsTrigger key={p} value={p} className="flex-none gap-1.5">
            <PlatformIcon platform={p} size="sm" className="size-5 rounded text-[0.55rem]" />
            {PLATFORM_LABELS[p]}
            {tooLong(p) && <TooLong />}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={tab} className="mt-0 grid gap-4">
        {note}
        {children}
      </TabsContent>
    </Tabs>
  );
}

function TooLong() {
  return (
    <>
      <CircleAlert className="ml-1 size-3.5 text-destructive" aria-hidden />
      <span className="sr-only"> {M.overLimit}</span>
    </>
  );
}
