import { NOTIFICATION_PREFERENCE_MESSAGES as M, type NotificationKind } from "@app/shared";
import { type EmailBlock, type RenderedEmail, renderEmail } from "./layout";

/** One notification e-mailed at once: its title as the subject, its message, a button to what it is about. */
export function notificationTemplate(n: {
  kind: NotificationKind;
  title: string;
  message: string;
  /** the post it is about (its first words), when there is one */
  postExcerpt?: string | null;
  workspace: string;
  /** absolute link into the app, or null */
  url: string | null;
  unsubscribeUrl: string;
}): Promise<RenderedEmail> {
  const blocks: EmailBlock[] = [{ heading: n.title }];
  if (n.message.trim()) blocks.push({ paragraph: n.message });
  if (n.postExcerpt) blocks.push({ paragraph: `“${n.postExcerpt}”` });
  blocks.push({ note: `Workspace: ${n.workspace}` });
  if (n.url) blocks.push({ button: { label: M.openInApp, url: n.url } });
  blocks.push({ note: M.emailReason(M.kindLabels[n.kind]) });
  return renderEmail({ subject: n.title, blocks, unsubscribeUrl: n.unsubscribeUrl });
}

export interface DigestGroup {
  workspace: string;
  kind: NotificationKind;
  /** one line per notification, e.g. "12 new likes on LinkedIn: “Our launch…”" */
  lines: string[];
}

/** The daily digest: the day's engagement by workspace and kind, one e-mail. */
export function digestTemplate(d: {
  total: number;
  groups: readonly DigestGroup[];
  url: string;
  /** stops the digest (every engagement kind it holds) */
  unsubscribeUrl: string;
  /** the kinds the user gets in it */
  kinds: readonly NotificationKind[];
}): Promise<RenderedEmail> {
  const blocks: EmailBlock[] = [{ heading: M.digestSubject(d.total) }, { paragraph: M.digestIntro }];
  let workspace: string | null = null;
  for (const g of d.groups) {
    if (g.workspace !== workspace) {
      workspace = g.workspace;
      blocks.push({ heading: g.workspace });
    }
    blocks.push({ list: { title: M.kindLabels[g.kind], items: g.lines } });
  }
  blocks.push({ button: { label: M.openInApp, url: d.url } });
  blocks.push({ note: M.emailReason(d.kinds.map((k) => M.kindLabels[k]).join(", ")) });
  return renderEmail({ subject: M.digestSubject(d.total), blocks, unsubscribeUrl: d.unsubscribeUrl });
}
