import {
  APPROVAL_MESSAGES,
  COMPOSER_MESSAGES,
  checkPost,
  DEFAULT_DRAFT_TIME,
  describePostOutcome,
  formatSlot,
  type MediaFacts,
  PLATFORM_LABELS,
  type Platform,
  POST_MESSAGES,
  type Post,
  PUBLISH_MESSAGES,
  postOutcome,
  QUEUE_MESSAGES,
  TEXT_WARNING_REMAINING,
  todayIn,
  updatePostBodySchema,
  wallClock,
} from "@app/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarClock, ClipboardCheck, Eye, Info, ListPlus, Save, Send } from "lucide-react";
import { useId, useState } from "react";
import { type FieldErrors, type Path, type PathValue, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useAccounts } from "@/features/accounts/api/get-accounts";
import { useCampaigns } from "@/features/campaigns/api/campaigns";
import { CampaignPicker } from "@/features/campaigns/components/campaign-picker";
import { HashtagGroupPicker } from "@/features/hashtag-groups/components/hashtag-group-picker";
import { useMedia } from "@/features/media/api/get-media";
import { useAddToQueue } from "@/features/queue/api/queue";
import { useTimeSuggestions } from "@/features/results/api/get-best-times";
import { ApiError } from "@/lib/api-client";
import { formatPlainDate } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { cn } from "@/lib/utils";
import { useCreatePost } from "../api/create-post";
import { usePublishAndWait } from "../api/publish-post";
import { useUpdatePost } from "../api/update-post";
import { useComposerActions } from "../hooks/use-composer-actions";
import { useNetworkText } from "../hooks/use-network-text";
import { PRIMARY_LABELS } from "../utils/composer-actions";
import { toastPostError } from "../utils/errors";
import { allMediaIds } from "../utils/network-text";
import {
  emptyPostForm,
  mediaProblemsOf,
  type PostFormValues,
  postFormFrom,
  postFormSchema,
  toCheckInput,
  toCreateBody,
} from "../utils/post-form";
import { ComposerPreview } from "./composer-preview";
import { FacebookPagePicker } from "./facebook-page-picker";
import { FirstCommentField } from "./first-comment-field";
import { NetworkTextTabs } from "./network-text-tabs";
import { PlatformOptions } from "./platform-options";
import { PlatformPicker } from "./platform-picker";
import { PostMediaField } from "./post-media-field";
import { PostPreviewDialog } from "./post-preview-dialog";
import { SchedulePicker } from "./schedule-picker";
import { TagInput } from "./tag-input";

/** submit: saved as "pending_approval", for an approver to schedule */
/** queue: Add to queue, the server puts it in each account's next free time slot */
type Intent = "draft" | "scheduled" | "publish" | "submit" | "queue";

const FAILED: Record<Intent, string> = {
  draft: POST_MESSAGES.draftFailed,
  scheduled: POST_MESSAGES.scheduleFailed,
  publish: POST_MESSAGES.publishFailed,
  submit: APPROVAL_MESSAGES.submitFailed,
  queue: POST_MESSAGES.scheduleFailed,
};

const SIGN_IN: Record<Intent, string> = {
  draft: POST_MESSAGES.draftAuthRequired,
  scheduled: POST_MESSAGES.scheduleAuthRequired,
  publish: POST_MESSAGES.scheduleAuthRequired,
  submit: POST_MESSAGES.scheduleAuthRequired,
  queue: POST_MESSAGES.scheduleAuthRequired,
};

/**
 * Writes a post for the chosen accounts and saves it as a draft, schedules it, or publishes it now; a member
 * whose posts need approval submits it for approval instead (composerActions). Used on the Create New Post
 * page and in the scheduler's Create Post tab. Every rule of the spec is checked before anything is sent; a
 * failure keeps everything typed.
 */
/** The form's objections share one toast: the newest replaces the last, instead of a pile while the user fixes them. */
const CHECK_TOAST = "post-composer-check";

export function PostComposer({
  initialAccountId,
  initialCampaignId,
  editing,
  onScheduled,
  onSaved,
}: {
  /** an account to start with (the Create Post action of a connected account) */
  initialAccountId?: string | null;
  /** a campaign to start with (Create post in this campaign); a new post after saving starts in it again */
  initialCampaignId?: string | null;
  /** a saved draft or scheduled post to change: saving updates it instead of creating another */
  editing?: Post;
  /** after a post has been scheduled and the form reset */
  onScheduled?(post: Post): void;
  /** after any save (draft, schedule or publish) */
  onSaved?(post: Post): void;
}) {
  const id = useId();
  const actions = useComposerActions(editing);
  const accountsQuery = useAccounts();
  const accounts = accountsQuery.data ?? [];
  const campaignsQuery = useCampaigns();
  // The zone dates are chosen in: a saved post keeps its own; a new one takes the user's (the profile's, else
  // the browser's).
  const displayZone = useDisplayTimeZone();
  const timezone = editing?.timezone ?? displayZone;
  const form = useForm<PostFormValues>({
    resolver: zodResolver(postFormSchema),
    defaultValues: editing
      ? postFormFrom(editing)
      : emptyPostForm(initialAccountId ? [initialAccountId] : [], initialCampaignId ?? ""),
  });
  const values = useWatch({ control: form.control }) as PostFormValues;
  const [previewOpen, setPreviewOpen] = useState(false);
  const [running, setRunning] = useState<Intent | null>(null);

  const create = useCreatePost();
  const addToQueue = useAddToQueue();
  const update = useUpdatePost();
  const publish = usePublishAndWait();
  // The kinds of the post's media (a network may need an image or a video), from the library's cache.
  const library = useMedia({ enabled: allMediaIds(values).length > 0 });
  const mediaById = new Map((library.data ?? []).map((m) => [m.id, m]));
  // Type, size, dimensions and duration: the composer applies the networks' limits (Instagram's) before saving.
  const kindOf = (mediaId: string): MediaFacts | undefined => {
    const m = library.data?.find((f) => f.id === mediaId);
    return (
      m && {
        kind: m.fileType,
        mimeType: m.mimeType,
        size: m.fileSize,
        width: m.width,
        height: m.height,
        durationSeconds: m.durationSeconds,
      }
    );
  };
  const busy = running !== null || create.isPending || update.isPending || publish.isPending || addToQueue.isPending;
  /** Creates the post, or saves the one being edited. */
  const save = (body: ReturnType<typeof toCreateBody>) =>
    editing ? update.mutateAsync({ id: editing.id, body: updatePostBodySchema.parse(body) }) : create.mutateAsync(body);

  // Accounts that are chosen and still connected; their networks are the post's platforms.
  const selected = accounts.filter((a) => values.accountIds.includes(a.id));
  const platforms = [...new Set(selected.map((a) => a.platform))] as Platform[];
  const facebookAccounts = selected.filter((a) => a.platform === "facebook");
  // The chosen campaign's slug when it tags links: the counter and the preview count and show the tagged text.
  const campaign = campaignsQuery.data?.find((c) => c.id === values.campaignId);
  const utmCampaign = campaign?.utm ? campaign.slug : null;
  // The text being edited: the common one, or a network's own ("Customize for this network").
  const text = useNetworkText(form, values, platforms, utmCampaign);
  const { tab, fields, budget, hasText, hashtags, setHashtags } = text;
  const mediaProblems = mediaProblemsOf(values, platforms, kindOf, tab);
  const today = todayIn(timezone);
  const timeSuggestions = useTimeSuggestions(timezone);

  const set = <K extends Path<PostFormValues>>(name: K, value: PathValue<PostFormValues, K>) =>
    form.setValue(name, value, { shouldDirty: true });

  const reset = () => {
    form.reset(emptyPostForm([], initialCampaignId ?? ""));
    text.setTab("all");
  };

  const onInvalid = (errors: FieldErrors<PostFormValues>) => {
    const first = Object.values(errors).find((e) => e?.message);
    toast.error("Please check your post", { id: CHECK_TOAST, description: first?.message?.toString() });
  };

  const run = (intent: Intent) =>
    form.handleSubmit(async (v) => {
      const now = new Date();
      let post = { ...v, accountIds: selected.map((a) => a.id) };
      if (intent === "draft") {
        post = {
          ...post,
          scheduledDate: post.scheduledDate || todayIn(timezone, now),
          scheduledTime: post.scheduledTime || DEFAULT_DRAFT_TIME,
        };
      } else if (intent === "publish") {
        const at = wallClock(now, timezone);
        post = { ...post, scheduledDate: at.date, scheduledTime: at.time };
      } else if (intent === "queue") {
        // The server picks the time slot: the rules are checked as for a post going out tomorrow.
        const at = wallClock(new Date(now.getTime() + 86_400_000), timezone);
        post = { ...post, scheduledDate: at.date, scheduledTime: at.time };
      }
      // A post submitted for approval is checked as a scheduled one: an approver schedules it as it is.
      const problem = checkPost(
        toCheckInput(post, platforms, timezone, kindOf, utmCampaign),
        intent === "draft" ? "draft" : "scheduled",
        now,
      );
      if (problem) {
        // A network's own text at fault: its tab opens.
        if (problem.platform && post.variants[problem.platform]) text.setTab(problem.platform);
        toast.error(problem.title, { id: CHECK_TOAST, description: problem.message });
        return;
      }

      setRunning(intent);
      try {
        const status = intent === "draft" ? "draft" : intent === "submit" ? "pending_approval" : "scheduled";
        const body = {
          ...toCreateBody(post, platforms, status, timezone),
          // The server schedules it at its own "now", whatever this browser's clock says.
          publishNow: intent === "publish",
        };
        if (intent === "queue") {
          const queued = await addToQueue.mutateAsync(body);
          reset();
          for (const p of queued.posts) onSaved?.(p);
          toast.success(QUEUE_MESSAGES.queuedFor(formatSlot(queued.post.scheduledDate, queued.post.scheduledTime)), {
            description: queued.posts.length > 1 ? QUEUE_MESSAGES.queuedSplit(queued.posts.length) : undefined,
          });
          if (queued.notice) toast.warning(queued.notice);
          onScheduled?.(queued.post);
          return;
        }
        if (intent === "publish") {
          // Saved as due now, then handed to the publishing queue at once.
          const saved = await save(body);
          onSaved?.(saved);
          await announceOutcome(saved.id);
          return;
        }
        const saved = await save(body);
        reset();
        onSaved?.(saved);
        if (intent === "draft") {
          toast.success(POST_MESSAGES.draftSavedTitle, { description: POST_MESSAGES.draftSaved });
        } else if (intent === "submit") {
          toast.success(APPROVAL_MESSAGES.submittedTitle, { description: APPROVAL_MESSAGES.submitted });
        } else {
          toast.success(POST_MESSAGES.scheduledTitle, {
            description: POST_MESSAGES.scheduledFor(formatPlainDate(saved.scheduledDate), saved.scheduledTime),
          });
          onScheduled?.(saved);
        }
      } catch (err) {
        toastPostError(err as Error, FAILED[intent], SIGN_IN[intent]);
      } finally {
        setRunning(null);
      }
    }, onInvalid)();

  /**
   * Waits for the networks' answers to a post sent out now, then tells the spec's outcome. Once a network
   * has it, the form is cleared (sending it again would post twice; the scheduler retries only the networks
   * that failed); when every network refused it, the form keeps it to be fixed and sent again.
   */
  async function announceOutcome(postId: string) {
    let post: Post;
    try {
      post = await publish.mutateAsync(postId);
    } catch (err) {
      reset();
      toast.error(PUBLISH_MESSAGES.errorTitle, {
        description: err instanceof ApiError ? err.message : PUBLISH_MESSAGES.unexpected,
      });
      return;
    }
    const outcome = postOutcome(post);
    const told = describePostOutcome(post);
    if (outcome.kind === "failed") {
      toast.error(told?.title, { description: <span className="whitespace-pre-line">{told?.description}</span> });
      return;
    }
    reset();
    if (outcome.kind === "published") toast.success(told?.title, { description: told?.description });
    else if (outcome.kind === "partial") toast.warning(told?.title, { description: told?.description });
    else toast.info(PUBLISH_MESSAGES.stillGoingTitle, { description: PUBLISH_MESSAGES.stillGoing });
  }

  const counterTone =
    budget.remaining < 0
      ? "text-destructive font-semibold"
      : budget.remaining < TEXT_WARNING_REMAINING
        ? "text-amber-700 dark:text-amber-400 font-semibold"
        : "text-muted-foreground";

  return (
    // Where there is room beside the form (its container, not the window), the preview stays in view.
    <div className="@container">
      <div className="grid min-w-0 gap-8 @4xl:grid-cols-[minmax(0,1fr)_22rem] @6xl:grid-cols-[minmax(0,1fr)_26rem]">
        <form
          noValidate
          aria-label="Create New Post"
          className="grid min-w-0 content-start gap-6"
          onSubmit={(e) => {
            e.preventDefault();
            void run(actions.primary === "schedule" ? "scheduled" : "submit");
          }}
        >
          <fieldset className="grid min-w-0 gap-3">
            <legend className="mb-3 text-sm font-medium">Platforms</legend>
            <PlatformPicker
              accounts={accounts}
              loading={accountsQuery.isPending}
              error={accountsQuery.error}
              onRetry={() => void accountsQuery.refetch()}
              value={values.accountIds}
              onChange={(ids) => set("accountIds", ids)}
            />
            {platforms.includes("pinterest") && (
              <Alert>
                <Info aria-hidden />
                <AlertDescription>
                  <p>{POST_MESSAGES.pinterestNote}</p>
                </AlertDescription>
              </Alert>
            )}
            {facebookAccounts.length > 0 && (
              <FacebookPagePicker
                id={`${id}-fb-page`}
                accounts={facebookAccounts}
                value={values.facebookPageId}
                onChange={(pageId) => set("facebookPageId", pageId)}
              />
            )}
          </fieldset>

          <NetworkTextTabs
            platforms={platforms}
            variants={values.variants}
            tab={tab}
            onTabChange={text.setTab}
            onCustomize={text.onCustomize}
            onUseCommon={text.onUseCommon}
            tooLong={(t) => text.budgetOf(t).remaining < 0}
          >
            <div className="grid gap-2">
              <div className="flex items-end justify-between gap-2">
                <Label htmlFor={`${id}-content`}>
                  {tab === "all" ? "Content" : COMPOSER_MESSAGES.contentFor(PLATFORM_LABELS[tab])}
                </Label>
                <span id={`${id}-counter`} className={cn("text-xs tabular-nums", counterTone)}>
                  <span className="sr-only">Characters: </span>
                  {budget.length}/{budget.limit}
                </span>
              </div>
              <Textarea
                key={tab}
                id={`${id}-content`}
                placeholder="What would you like to share?"
                rows={6}
                aria-describedby={`${id}-counter`}
                {...form.register(fields.content)}
              />
            </div>

            <TagInput
              key={`hashtags-${tab}`}
              id={`${id}-hashtags`}
              label={tab === "all" ? "Hashtags" : COMPOSER_MESSAGES.hashtagsFor(PLATFORM_LABELS[tab])}
              mark="#"
              placeholder="Add a hashtag"
              value={hashtags}
              onChange={setHashtags}
              action={<HashtagGroupPicker value={hashtags} onChange={setHashtags} />}
            />

            <PostMediaField
              key={`media-${tab}`}
              id={`${id}-media`}
              value={text.shown.media}
              getValue={() => form.getValues(fields.media) ?? []}
              onChange={(media) => form.setValue(fields.media, media, { shouldDirty: true })}
              problems={mediaProblems}
            />
          </NetworkTextTabs>

          <TagInput
            id={`${id}-mentions`}
            label="Mentions"
            mark="@"
            placeholder="Add a mention"
            value={values.mentions}
            onChange={(tags) => set("mentions", tags)}
          />

          <FirstCommentField
            id={`${id}-first-comment`}
            platforms={platforms}
            value={values.firstComment}
            utmCampaign={utmCampaign}
            field={form.register("firstComment")}
          />

          <SchedulePicker
            id={`${id}-schedule`}
            minDate={today}
            date={values.scheduledDate}
            time={values.scheduledTime}
            onDateChange={(d) => set("scheduledDate", d)}
            onTimeChange={(t) => set("scheduledTime", t)}
            suggestions={timeSuggestions}
          />
          {timezone !== displayZone && (
            <p className="text-sm text-muted-foreground">{POST_MESSAGES.ownTimeZone(timezone)}</p>
          )}

          <CampaignPicker
            id={`${id}-campaign`}
            campaigns={campaignsQuery.data ?? []}
            loading={campaignsQuery.isPending}
            value={values.campaignId}
            onChange={(campaignId) => set("campaignId", campaignId)}
          />

          <PlatformOptions id={`${id}-options`} platforms={platforms} accounts={selected} control={form.control} />

          <div className="flex flex-wrap gap-2 border-t pt-4 [&>button]:flex-1 sm:[&>button]:flex-none">
            <Button type="button" variant="outline" disabled={busy} onClick={() => void run("draft")}>
              {running === "draft" ? <Spinner className="size-4 text-current" label="Saving" /> : <Save aria-hidden />}
              Save Draft
            </Button>
            <Button type="button" variant="outline" onClick={() => setPreviewOpen(true)}>
              <Eye aria-hidden />
              Preview
            </Button>
            <Button
              type="submit"
              className="sm:ml-auto"
              disabled={busy || platforms.length === 0 || !values.scheduledDate || !values.scheduledTime}
            >
              {running === "scheduled" || running === "submit" ? (
                <Spinner className="size-4 text-current" label={running === "submit" ? "Submitting" : "Scheduling"} />
              ) : actions.primary === "schedule" ? (
                <CalendarClock aria-hidden />
              ) : (
                <ClipboardCheck aria-hidden />
              )}
              {PRIMARY_LABELS[actions.primary]}
            </Button>
            {actions.primary === "schedule" && !editing && (
              <Button
                type="button"
                variant="outline"
                disabled={busy || platforms.length === 0}
                onClick={() => void run("queue")}
              >
                {running === "queue" ? (
                  <Spinner className="size-4 text-current" label="Adding to queue" />
                ) : (
                  <ListPlus aria-hidden />
                )}
                {QUEUE_MESSAGES.addToQueue}
              </Button>
            )}
            {actions.publishNow && (
              <Button
                type="button"
                variant="secondary"
                disabled={busy || platforms.length === 0 || !hasText}
                onClick={() => void run("publish")}
              >
                {running === "publish" ? (
                  <Spinner className="size-4 text-current" label="Publishing" />
                ) : (
                  <Send aria-hidden />
                )}
                Publish Now
              </Button>
            )}
          </div>

          {/* The Preview button: the same live preview in a dialog (on a phone it is otherwise below the form). */}
          <PostPreviewDialog open={previewOpen} onOpenChange={setPreviewOpen}>
            <ComposerPreview
              values={values}
              accounts={selected}
              platforms={platforms}
              mediaById={mediaById}
              utmCampaign={utmCampaign}
            />
          </PostPreviewDialog>
        </form>
        {/* Beside the form where there is room, below it on a phone. */}
        <aside aria-labelledby={`${id}-live-preview`} className="min-w-0 border-t pt-6 @4xl:border-t-0 @4xl:pt-0">
          <div className="grid gap-3 @4xl:sticky @4xl:top-4">
            <h3 id={`${id}-live-preview`} className="text-sm font-medium">
              Preview
            </h3>
            <ComposerPreview
              values={values}
              accounts={selected}
              platforms={platforms}
              mediaById={mediaById}
              utmCampaign={utmCampaign}
            />
          </div>
        </aside>
      </div>
    </div>
  );
}
