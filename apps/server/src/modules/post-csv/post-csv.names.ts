import {
  accountCellText,
  closestAspectRatio,
  isPlainMediaName,
  POST_CSV_MESSAGES as M,
  PLATFORM_LABELS,
  type Post,
  type PostCsvAccountRef,
  type PostCsvMediaRef,
  type PostCsvWritable,
  type PostMedia,
} from "@app/shared";
import type { CsvMediaFile, CsvNames } from "./post-csv.repo";

/**
 * Between the names a CSV file uses and the rows they stand for, both ways: an import looks up what a cell names
 * (a problem when nothing or several things match), an export names each thing so that the import finds it again.
 */

const lower = (s: string) => s.toLowerCase();
const handle = (u: string | null) => lower((u ?? "").replace(/^@+/, ""));

/** The connected (active) account a cell names, or the problem. */
export function findAccount(names: CsvNames, ref: PostCsvAccountRef): { id: string } | { problem: string } {
  const active = names.accounts.filter((a) => a.isActive);
  if (ref.kind === "id") {
    const found = active.find((a) => a.id === ref.id);
    return found ? { id: found.id } : { problem: M.accountNotFound(ref.text) };
  }
  const ofNetwork = active.filter((a) => a.platform === ref.platform);
  if (ref.kind === "username") {
    const found = ofNetwork.filter((a) => handle(a.username) === handle(ref.username));
    return found.length === 1 && found[0] ? { id: found[0].id } : { problem: M.accountNotFound(ref.text) };
  }
  const label = PLATFORM_LABELS[ref.platform];
  if (ofNetwork.length === 0) return { problem: M.networkNotConnected(label) };
  if (ofNetwork.length > 1) {
    const example = accountCellText(ofNetwork.find((a) => a.username) ?? (ofNetwork[0] as CsvNames["accounts"][0]));
    return { problem: M.networkAmbiguous(label, example) };
  }
  return { id: (ofNetwork[0] as CsvNames["accounts"][0]).id };
}

/** The library files named `name`: exactly, else without regard to case. */
function filesNamed(media: readonly CsvMediaFile[], name: string): CsvMediaFile[] {
  const exact = media.filter((m) => m.originalName === name);
  return exact.length ? exact : media.filter((m) => lower(m.originalName) === lower(name));
}

/** The library file a media cell names (by id or name), with its crop (the one written, else the closest). */
export function findLibraryMedia(names: CsvNames, ref: PostCsvMediaRef): { media: PostMedia } | { problem: string } {
  const byId = names.media.find((m) => m.id === lower(ref.value));
  const found = byId ? [byId] : filesNamed(names.media, ref.value);
  if (found.length === 0) return { problem: M.mediaNotFound(ref.value) };
  if (found.length > 1) return { problem: M.mediaAmbiguous(ref.value, found.length) };
  const file = found[0] as CsvMediaFile;
  return { media: { id: file.id, aspectRatio: ref.aspectRatio ?? closestAspectRatio(file.width, file.height) } };
}

/** The campaign a cell names, by its name (any case) or its UTM slug. */
export function findCampaign(names: CsvNames, text: string): { id: string } | { problem: string } {
  const found = names.campaigns.filter((c) => lower(c.name) === lower(text) || c.slug === lower(text));
  if (found.length === 1 && found[0]) return { id: found[0].id };
  return { problem: found.length ? M.campaignAmbiguous(text) : M.campaignNotFound(text) };
}

/** How an export names things: names an import finds again (and only those), ids or slugs otherwise. */
export function exportNamer(names: CsvNames) {
  const accounts = new Map(names.accounts.map((a) => [a.id, a]));
  const media = new Map(names.media.map((m) => [m.id, m]));
  const campaigns = new Map(names.campaigns.map((c) => [c.id, c]));
  return {
    account(id: string): string {
      const a = accounts.get(id);
      if (!a) return id;
      const text = accountCellText(a);
      // Two accounts of a network with one username (one disconnected since): the id tells them apart.
      const twins = names.accounts.filter(
        (o) => o.platform === a.platform && handle(o.username) === handle(a.username),
      );
      return twins.length > 1 ? a.id : text;
    },
    media(item: PostMedia): PostCsvWritable["media"][number] {
      const m = media.get(item.id);
      const plain = m && isPlainMediaName(m.originalName) && filesNamed(names.media, m.originalName).length === 1;
      return { ref: plain ? (m as CsvMediaFile).originalName : item.id, aspectRatio: item.aspectRatio };
    },
    campaign(id: string | null): string {
      const c = id ? campaigns.get(id) : undefined;
      if (!c) return "";
      const found = findCampaign(names, c.name);
      return "id" in found && found.id === c.id && c.name === c.name.trim() ? c.name : c.slug;
    },
  };
}

/** A post as its export row says it. */
export function writablePost(post: Post, namer: ReturnType<typeof exportNamer>): PostCsvWritable {
  return {
    scheduledDate: post.scheduledDate,
    scheduledTime: post.scheduledTime,
    timezone: post.timezone,
    content: post.content,
    accounts: [...new Set(post.targets.map((t) => t.accountId))].map((id) => namer.account(id)),
    media: post.media.map((m) => namer.media(m)),
    hashtags: post.hashtags,
    mentions: post.mentions,
    firstComment: post.firstComment,
    campaign: namer.campaign(post.campaignId),
    facebookPageId: post.facebookPageId,
    options: post.options,
    variants: post.variants,
  };
}
