import type { InboxConversation } from "@app/shared";

/** The conversations under one post of one account (or the mentions of one account), as the Inbox lists them. */
export interface PostGroup {
  key: string;
  account: InboxConversation["account"];
  /** the post they are under; null for mentions of the account (posts of others) */
  post: InboxConversation["post"];
  conversations: InboxConversation[];
}

/** Which group a conversation belongs to: its post as published by its account, or its account's mentions. */
export function groupKeyOf(c: Pick<InboxConversation, "account" | "post">): string {
  if (!c.post) return `mentions:${c.account.id}`;
  return `post:${c.account.id}:${c.post.id ?? c.post.url ?? c.post.excerpt}`;
}

/**
 * A page of conversations (newest first) grouped by post: the groups in the order of their newest
 * conversation, each group's conversations in the list's order.
 */
export function groupByPost(conversations: readonly InboxConversation[]): PostGroup[] {
  const groups = new Map<string, PostGroup>();
  for (const c of conversations) {
    const key = groupKeyOf(c);
    let group = groups.get(key);
    if (!group) {
      group = { key, account: c.account, post: c.post, conversations: [] };
      groups.set(key, group);
    }
    group.conversations.push(c);
  }
  return [...groups.values()];
}
