import { INSTAGRAM_STORY_DURATIONS, LINKEDIN_POST_AS, type Platform, TEXT_LIMITS } from "@app/shared";
import { type Control, Controller } from "react-hook-form";
import { PlatformIcon } from "@/components/platform-icon";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Switch } from "@/components/ui/switch";
import { INSTAGRAM_FORMATS, type PostFormValues } from "../utils/post-form";

const FORMAT_LABELS: Record<(typeof INSTAGRAM_FORMATS)[number], string> = {
  feed: "Feed post",
  story: "Story",
  reel: "Reel",
};
const POST_AS_LABELS: Record<(typeof LINKEDIN_POST_AS)[number], string> = {
  personal: "Personal profile",
  company: "Company page",
};

function Choices<T extends string | number>({
  id,
  legend,
  options,
  value,
  onChange,
  label,
}: {
  id: string;
  legend: string;
  options: readonly T[];
  value: T;
  onChange(value: T): void;
  label(value: T): string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <RadioGroup
        className="flex flex-wrap gap-x-4 gap-y-2"
        value={String(value)}
        onValueChange={(v) => {
          const next = options.find((o) => String(o) === v);
          if (next !== undefined) onChange(next);
        }}
      >
        {options.map((o) => (
          <div key={String(o)} className="flex items-center gap-2">
            <RadioGroupItem id={`${id}-${o}`} value={String(o)} />
            <Label htmlFor={`${id}-${o}`} className="cursor-pointer font-normal">
              {label(o)}
            </Label>
          </div>
        ))}
      </RadioGroup>
    </fieldset>
  );
}

/** Each chosen network's own choices: an X thread, Instagram's format and story length, LinkedIn's author. */
export function PlatformOptions({
  id,
  platforms,
  control,
}: {
  id: string;
  platforms: readonly Platform[];
  control: Control<PostFormValues>;
}) {
  const twitter = platforms.includes("twitter");
  const instagram = platforms.includes("instagram");
  const linkedin = platforms.includes("linkedin");
  if (!twitter && !instagram && !linkedin) return null;
  return (
    <section className="grid gap-4 rounded-lg border p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Platform options
      </h3>
      {twitter && (
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
      {instagram && (
        <div className="flex items-start gap-3">
          <PlatformIcon platform="instagram" size="sm" />
          <div className="grid min-w-0 flex-1 gap-4">
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
          </div>
        </div>
      )}
      {linkedin && (
        <div className="flex items-start gap-3">
          <PlatformIcon platform="linkedin" size="sm" />
          <div className="min-w-0 flex-1">
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
          </div>
        </div>
      )}
    </section>
  );
}
