import type { Post, PostStatus } from "@app/shared";

export type ListFilter = "all" | Exclude<PostStatus, "publishing">;

/** The list's status filter: what each choice is called in the menu and in the list's title. */
export const LIST_FILTERS: readonly { value: ListFilter; label: string; title: string }[] = [
  { value: "all", label: "All", title: "All Posts" },
  { value: "draft", label: "Drafts", title: "Drafts" },
  { value: "pending_approval", label: "Pending approval", title: "Posts Pending Approval" },
  { value: "scheduled", label: "Scheduled", title: "Scheduled Posts" },
  { value: "published", label: "Published", title: "Published Posts" },
  { value: "partially_published", label: "Partially published", title: "Partially Published Posts" },
  { value: "failed", label: "Failed", title: "Failed Posts" },
];

export const isListFilter = (v: string | null): v is ListFilter => LIST_FILTERS.some((f) => f.value === v);

export const filterPosts = (list: Post[], filter: ListFilter) =>
  filter === "all" ? list : list.filter((p) => p.status === filter);
