import { type AppNotification, NOTIFICATION_KINDS, type NotificationList } from "@app/shared";
import { describe, expect, it } from "vitest";
import {
  applyRead,
  destinationOf,
  filterFromSearch,
  kindsOf,
  LINK_LABELS,
  linkLabelOf,
  NOTIFICATION_KIND_LABELS,
  pageCount,
  searchOfFilter,
  toastToneOf,
} from "./notifications";

const item = (over: Partial<AppNotification>): AppNotification => ({
  id: "n1",
  kind: "publish_failed",
  category: "publishing",
  title: "Publishing failed on LinkedIn",
  message: "LinkedIn refused it.",
  link: null,
  actor: null,
  postId: null,
  postExcerpt: null,
  platform: null,
  count: null,
  read: false,
  createdAt: "2026-03-10T12:00:00Z",
  ...over,
});

const list = (notifications: AppNotification[]): NotificationList => ({
  notifications,
  page: 1,
  pageSize: 20,
  total: notifications.length,
  summary: {
    unread: 5,
    today: 2,
    thisWeek: 6,
    byCategory: { publishing: 3, accounts: 0, integrations: 0, team: 2, billing: 0, engagement: 0 },
  },
});

describe("the filter in the address", () => {
  it("reads what it knows and ignores the rest", () => {
    expect(filterFromSearch(new URLSearchParams(""))).toEqual({ unread: false, page: 1 });
    expect(filterFromSearch(new URLSearchParams("category=team&kind=task_due&unread=true&page=3"))).toEqual({
      category: "team",
      kind: "task_due",
      unread: true,
      page: 3,
    });
    expect(filterFromSearch(new URLSearchParams("category=nope&kind=x&unread=yes&page=-2"))).toEqual({
      unread: false,
      page: 1,
    });
    expect(filterFromSearch(new URLSearchParams("page=1.5")).page).toBe(1);
  });

  it("drops a kind of another category than the one chosen", () => {
    expect(filterFromSearch(new URLSearchParams("category=billing&kind=new_likes"))).toEqual({
      category: "billing",
      unread: false,
      page: 1,
    });
    expect(filterFromSearch(new URLSearchParams("kind=new_likes")).kind).toBe("new_likes");
  });

  it("writes only what differs from the default, and reads back the same", () => {
    expect(searchOfFilter({ unread: false, page: 1 })).toBe("");
    const filter = { category: "engagement" as const, kind: "new_likes" as const, unread: true, page: 2 };
    const search = searchOfFilter(filter);
    expect(search).toBe("?category=engagement&kind=new_likes&unread=true&page=2");
    expect(filterFromSearch(new URLSearchParams(search))).toEqual(filter);
  });
});

describe("kinds and labels", () => {
  it("lists a category's kinds, every kind without one", () => {
    expect(kindsOf("billing")).toEqual(["trial_ending", "payment_failed"]);
    expect(kindsOf()).toEqual([...NOTIFICATION_KINDS]);
  });
  it("names every kind and its link", () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(NOTIFICATION_KIND_LABELS[kind]).toBeTruthy();
      expect(LINK_LABELS[kind]).toBeTruthy();
    }
  });
  it("names a link to the inbox so", () => {
    const n = { kind: "new_comments" as const, postId: null };
    expect(linkLabelOf({ ...n, link: "/engagement?tab=inbox" })).toBe("Open the inbox");
    expect(linkLabelOf({ ...n, link: "/engagement?range=7" })).toBe(LINK_LABELS.new_comments);
    expect(linkLabelOf({ ...n, link: null })).toBe(LINK_LABELS.new_comments);
  });
});

describe("pageCount", () => {
  it("is at least one", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe("applyRead", () => {
  const before = list([
    item({ id: "a" }),
    item({ id: "b", kind: "task_due", category: "team" }),
    item({ id: "c", read: true }),
  ]);

  it("marks one read and takes it off the counts", () => {
    const after = applyRead(before, "b");
    expect(after.notifications.map((n) => n.read)).toEqual([false, true, true]);
    expect(after.summary.unread).toBe(4);
    expect(after.summary.byCategory.team).toBe(1);
    expect(after.summary.byCategory.publishing).toBe(3);
    expect(after.summary.today).toBe(2);
  });

  it("leaves the counts of one already read or not on the page", () => {
    expect(applyRead(before, "c")).toBe(before);
    expect(applyRead(before, "zzz")).toBe(before);
  });

  it("marks all read: every unread count to zero", () => {
    const after = applyRead(before);
    expect(after.notifications.every((n) => n.read)).toBe(true);
    expect(after.summary.unread).toBe(0);
    expect(Object.values(after.summary.byCategory)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(after.summary.thisWeek).toBe(6);
  });
});

describe("destinationOf", () => {
  it("leads to its link, else its post, only inside the app", () => {
    expect(destinationOf({ link: "/team?tab=approvals", postId: "p1" })).toBe("/team?tab=approvals");
    expect(destinationOf({ link: null, postId: "p1" })).toBe("/scheduler?post=p1");
    expect(destinationOf({ link: "/scheduler", postId: "p1" })).toBe("/scheduler?post=p1");
    expect(destinationOf({ link: "/scheduler", postId: null })).toBe("/scheduler");
    expect(destinationOf({ link: null, postId: null })).toBeNull();
    expect(destinationOf({ link: "https://evil.example", postId: null })).toBeNull();
    expect(destinationOf({ link: "//evil.example", postId: null })).toBeNull();
    expect(destinationOf({ link: "/\\evil.example", postId: null })).toBeNull();
  });
});

describe("toastToneOf", () => {
  it("tells failures as errors and keeps engagement quiet", () => {
    expect(toastToneOf("publish_failed")).toBe("error");
    expect(toastToneOf("account_expiring")).toBe("warning");
    expect(toastToneOf("new_likes")).toBeNull();
    expect(toastToneOf("new_followers")).toBeNull();
    expect(toastToneOf("account_reconnect")).toBeNull();
    expect(toastToneOf("account_expired")).toBeNull();
  });
});
