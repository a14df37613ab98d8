import {
  INSTAGRAM_STORY_DURATIONS,
  LINKEDIN_POST_AS,
  LINKEDIN_VISIBILITIES,
  type Platform,
  POST_MESSAGES,
  type SocialAccount,
  TEXT_LIMITS,
  TITLE_LIMIT,
  YOUTUBE_PRIVACY,
} from "@app/shared";
import { useQueries } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { type Control, Controller, type FieldPath, useController, useWatch } from "react-hook-form";
import { PlatformIcon } from "@/components/platform-icon";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { linkedinOrganizationsQueryOptions } from "@/features/accounts/api/get-linkedin-organizations";
import { pinterestBoardsQueryOptions } from "@/features/accounts/api/get-pinterest-boards";
import { accountName } from "@/features/accounts/utils/accounts-cache";
import { INSTAGRAM_FORMATS, type PostFormValues } from "../utils/post-form";
import { LINKEDIN_VISIBILITY_LABELS } from "../utils/quick-post";
import { Choices } from "./choices";
import { TikTokOptions } from "./tiktok-options";

const FORMAT_LABELS: Record<(typeof INSTAGRAM_FORMATS)[number], string> = {
  feed: "Feed post",
  story: "Story",
  reel: "Reel",
};
const POST_AS_LABELS: Record<(typeof LINKEDIN_POST_AS)[number], string> = {
  personal: "Personal profile",
  company: "Company page",
};
const YOUTUBE_PRIVACY_LABELS: Record<(typeof YOUTUBE_PRIVACY)[number], string> = {
  public: "Public",
  unlisted: "Unlisted",
  private: "Private",
};

/** One network's block of options, with its icon. */
function NetworkOptions({ platform, children }: { platform: Platform; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <PlatformIcon platform={platform} size="sm" />
      <div className="grid min-w-0 flex-1 gap-4">{children}</div>
    </div>
  );
}

/** A text field of the options, with its hint and its error. */
function TextOption({
  id,
  control,
  name,
  label,
  hint,
  type = "text",
  maxLength,
  placeholder,
}: {
  id: string;
  control: Control<PostFormValues>;
  name: FieldPath<PostFormValues>;
  label: string;
  hint?: string;
  type?: "text" | "url";
  maxLength?: number;
  placeholder?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="grid gap-2">
          <Label htmlFor={id}>{label}</Label>
          <Input
            id={id}
            type={type}
            inputMode={type === "url" ? "url" : undefined}
            maxLength={maxLength}
            placeholder={placeholder}
            value={String(field.value ?? "")}
            onChange={field.onChange}
            onBlur={field.onBlur}
            aria-invalid={fieldState.invalid || undefined}
            aria-describedby={
              [hint && `${id}-hint`, fieldState.error && `${id}-error`].filter(Boolean).join(" ") || undefined
            }
          />
          {hint && (
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          )}
          {fieldState.error && (
            <p id={`${id}-error`} className="text-xs text-destructive">
              {fieldState.error.message}
            </p>
          )}
        </div>
      )}
    />
  );
}

/** The boards of the chosen Pinterest accounts; none chosen pins on the account's first board. */
function PinterestBoardOption({
  id,
  control,
  accounts,
}: {
  id: string;
  control: Control<PostFormValues>;
  accounts: SocialAccount[];
}) {
  const results = useQueries({ queries: accounts.map((a) => pinterestBoardsQueryOptions(a.id)) });
  const loading = results.some((r) => r.isPending);
  const failed = results.some((r) => r.isError);
  return (
    <Controller
      control={control}
      name="pinterestBoardId"
      render={({ field }) => (
        <div className="grid gap-2">
          <Label htmlFor={id}>Pinterest board</Label>
          <NativeSelect
            id={id}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            disabled={loading}
            aria-describedby={`${id}-hint`}
          >
            <option value="">{loading ? "Loading boards..." : "First board of the account"}</option>
            {accounts.map((account, i) => {
              const boards = results[i]?.data ?? [];
              if (boards.length === 0) return null;
              return (
                <optgroup key={account.id} label={accountName(account)}>
                  {boards.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </optgroup>
              );
            })}
          </NativeSelect>
          <p id={`${id}-hint`} className={failed ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>
            {failed
              ? "Your boards could not be loaded; the pin goes on your first board."
              : "Every pin goes on a board."}
          </p>
        </div>
      )}
    />
  );
}

/**
 * The company page a LinkedIn post goes out as, among the pages the chosen LinkedIn accounts administer. Shown
 * only when the post goes out as a company page.
 */
function LinkedInOrganizationOption({
  id,
  control,
  accounts,
}: {
  id: string;
  control: Control<PostFormValues>;
  accounts: SocialAccount[];
}) {
  const results = useQueries({ queries: accounts.map((a) => linkedinOrganizationsQueryOptions(a.id)) });
  const { field } = useController({ control, name: "linkedinOrganizationId" });
  const loading = results.some((r) => r.isPending);
  const groups = accounts.map((account, i) => ({ account, organizations: results[i]?.data ?? [] }));
  const count = groups.reduce((n, g) => n + g.organizations.length, 0);
  // The server's words (e.g. the missing permissions), once each.
  const errors = [
    ...new Set(results.flatMap((r) => (r.error ? [r.error.message || POST_MESSAGES.companyPagesFailed] : []))),
  ];
  const known = groups.flatMap((g) => g.organizations.map((o) => o.id)).join(",");
  const { value, onChange } = field;

  // A page that none of the chosen accounts administers (any more) is not kept.
  useEffect(() => {
    if (loading || errors.length > 0 || !value) return;
    if (!known.split(",").includes(value)) onChange("");
  }, [loading, errors.length, known, value, onChange]);

  const retry = () => {
    for (const r of results) if (r.isError) void r.refetch();
  };
  const option = (o: { id: string; name: string }) => (
    <option key={o.id} value={o.id}>
      {o.name}
    </option>
  );

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Company page</Label>
      {loading ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" label="Loading" />
          {POST_MESSAGES.companyPagesLoading}
        </p>
      ) : count === 0 ? (
        errors.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-destructive">{errors.join(" ")}</span>
            <Button type="button" size="sm" variant="outline" onClick={retry}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="rounded-md border border-dashed p-3 text-sm">
            <p className="font-medium">{POST_MESSAGES.companyPagesEmpty}</p>
            <p className="text-muted-foreground">{POST_MESSAGES.companyPagesEmptyHint}</p>
          </div>
        )
      ) : (
        <>
          <NativeSelect
            id={id}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onBlur={field.onBlur}
            aria-describedby={`${id}-hint`}
          >
            <option value="">Select a company page</option>
            {groups.length === 1
              ? groups[0]?.organizations.map(option)
              : groups.map((g) =>
                  g.organizations.length === 0 ? null : (
                    <optgroup key={g.account.id} label={accountName(g.account)}>
                      {g.organizations.map(option)}
                    </optgroup>
                  ),
                )}
          </NativeSelect>
          <p id={`${id}-hint`} className={errors.length ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>
            {errors.length > 0
              ? errors.join(" ")
              : groups.length > 1
                ? "Each chosen LinkedIn account posts as this page: it must be one they administer."
                : "The post goes out as this page."}
          </p>
        </>
      )}
    </div>
  );
}

/** The company page picker, when LinkedIn posts as a company page. */
function LinkedInCompanyPage({
  id,
  control,
  accounts,
}: {
  id: string;
  control: Control<PostFormValues>;
  accounts: SocialAccount[];
}) {
  const postAs = useWatch({ control, name: "linkedinPostAs" });
  if (postAs !== "company") return null;
  return (
    <LinkedInOrganizationOption
      id={id}
      control={control}
      accounts={accounts.filter((a) => a.platform === "linkedin")}
    />
  );
}

/** Each chosen network's own choices: an X thread, Instagram's format and story length, LinkedIn's author
 * and audience, Pinterest's board, title and link, TikTok's audience and interactions, YouTube's title and
 * privacy. */
export function PlatformOptions({
  id,
  platforms,
  accounts,
  control,
}: {
  id: string;
  platforms: readonly Platform[];
  /** the chosen accounts (Pinterest's boards and LinkedIn's company pages are theirs) */
  accounts: SocialAccount[];
  control: Control<PostFormValues>;
}) {
  const has = (p: Platform) => platforms.includes(p);
  // A story's duration means nothing to a feed post or a reel.
  const instagramFormat = useWatch({ control, name: "instagramFormat" });
  const shown: Platform[] = ["twitter", "instagram", "linkedin", "pinterest", "tiktok", "youtube"];
  if (!shown.some(has)) return null;
  return (
    <section className="grid gap-5 rounded-lg border p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Platform options
      </h3>
      {has("twitter") && (
        <Controller
          control={control}
          name="twitterThread"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <PlatformIcon platform="twitter" size="sm" />
              <div className="min-w-0 flex-1">
                <Label htmlFor={`${id}-thread`}>Post as a thread</Label>
                <p id={`${id}-thread-hint`} className="mt-1 text-xs text-muted-foreground">
                  Long text is split into a thread of {TEXT_LIMITS.twitter}-character posts.
                </p>
              </div>
              <Switch
                id={`${id}-thread`}
                checked={field.value}
                onCheckedChange={field.onChange}
                aria-describedby={`${id}-thread-hint`}
              />
            </div>
          )}
        />
      )}
      {has("instagram") && (
        <NetworkOptions platform="instagram">
          <Controller
            control={control}
            name="instagramFormat"
            render={({ field }) => (
              <Choices<(typeof INSTAGRAM_FORMATS)[number]>
                id={`${id}-ig-format`}
                legend="Instagram format"
                options={INSTAGRAM_FORMATS}
                value={field.value}
                onChange={field.onChange}
                label={(v) => FORMAT_LABELS[v]}
              />
            )}
          />
          {instagramFormat === "story" && (
            <Controller
              control={control}
              name="storyDuration"
              render={({ field }) => (
                <Choices<(typeof INSTAGRAM_STORY_DURATIONS)[number]>
                  id={`${id}-ig-duration`}
                  legend="Story duration"
                  options={INSTAGRAM_STORY_DURATIONS}
                  value={field.value}
                  onChange={field.onChange}
                  label={(v) => `${v} seconds`}
                />
              )}
            />
          )}
        </NetworkOptions>
      )}
      {has("linkedin") && (
        <NetworkOptions platform="linkedin">
          <Controller
            control={control}
            name="linkedinPostAs"
            render={({ field }) => (
              <Choices<(typeof LINKEDIN_POST_AS)[number]>
                id={`${id}-li-as`}
                legend="LinkedIn: post as"
                options={LINKEDIN_POST_AS}
                value={field.value}
                onChange={field.onChange}
                label={(v) => POST_AS_LABELS[v]}
              />
            )}
          />
          <LinkedInCompanyPage id={`${id}-li-organization`} control={control} accounts={accounts} />
          <Controller
            control={control}
            name="linkedinVisibility"
            render={({ field }) => (
              <Choices<(typeof LINKEDIN_VISIBILITIES)[number]>
                id={`${id}-li-visibility`}
                legend="LinkedIn: who can see it"
                options={LINKEDIN_VISIBILITIES}
                value={field.value}
                onChange={field.onChange}
                label={(v) => LINKEDIN_VISIBILITY_LABELS[v]}
              />
            )}
          />
        </NetworkOptions>
      )}
      {has("pinterest") && (
        <NetworkOptions platform="pinterest">
          <PinterestBoardOption
            id={`${id}-pin-board`}
            control={control}
            accounts={accounts.filter((a) => a.platform === "pinterest")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextOption
              id={`${id}-pin-title`}
              control={control}
              name="pinterestTitle"
              label="Pin title"
              maxLength={TITLE_LIMIT}
              hint={`Up to ${TITLE_LIMIT} characters; by default the start of your text.`}
            />
            <TextOption
              id={`${id}-pin-link`}
              control={control}
              name="pinterestLink"
              label="Destination link"
              type="url"
              placeholder="https://"
              hint="Where the pin leads when opened."
            />
          </div>
        </NetworkOptions>
      )}
      {has("tiktok") && (
        <NetworkOptions platform="tiktok">
          <TikTokOptions id={id} control={control} accounts={accounts.filter((a) => a.platform === "tiktok")} />
        </NetworkOptions>
      )}
      {has("youtube") && (
        <NetworkOptions platform="youtube">
          <TextOption
            id={`${id}-yt-title`}
            control={control}
            name="youtubeTitle"
            label="Video title"
            maxLength={TITLE_LIMIT}
            hint={`Up to ${TITLE_LIMIT} characters; by default the start of your text.`}
          />
          <Controller
            control={control}
            name="youtubePrivacy"
            render={({ field }) => (
              <Choices<(typeof YOUTUBE_PRIVACY)[number]>
                id={`${id}-yt-privacy`}
                legend="YouTube: visibility"
                options={YOUTUBE_PRIVACY}
                value={field.value}
                onChange={field.onChange}
                label={(v) => YOUTUBE_PRIVACY_LABELS[v]}
              />
            )}
          />
        </NetworkOptions>
      )}
    </section>
  );
}
