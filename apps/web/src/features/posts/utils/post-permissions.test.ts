import { describe, expect, it } from "vitest";
import { postPermissions } from "./post-permissions";

const me = (role: "owner" | "admin" | "editor" | "contributor") => ({ role, userId: "me" });

describe("postPermissions", () => {
  it("lets a contributor delete their own drafts only, and neither publish nor retry", () => {
    expect(postPermissions(me("contributor"), { status: "draft", authorId: "me" }).remove.allowed).toBe(true);
    const othersDraft = postPermissions(me("contributor"), { status: "draft", authorId: "someone-else" });
    expect(othersDraft.remove.allowed).toBe(false);
    expect(othersDraft.remove.reason).toMatch(/Ask an owner or admin or editor/);
    const scheduled = postPermissions(me("contributor"), { status: "scheduled", authorId: "me" });
    expect(scheduled.remove.allowed).toBe(false);
    expect(scheduled.schedule.allowed).toBe(false);
    expect(postPermissions(me("contributor"), { status: "pending_approval", authorId: "me" }).remove.allowed).toBe(
      false,
    );
  });

  it("lets every role that writes drafts duplicate any post into a draft of its own", () => {
    for (const role of ["owner", "admin", "editor", "contributor"] as const) {
      expect(postPermissions(me(role), { status: "published", authorId: "someone-else" }).duplicate.allowed).toBe(true);
    }
    expect(
      postPermissions({ role: undefined, userId: undefined }, { status: "draft", authorId: "me" }).duplicate.allowed,
    ).toBe(false);
  });

  it("lets editors, admins and owners delete, publish and retry any post", () => {
    for (const role of ["owner", "admin", "editor"] as const) {
      const p = postPermissions(me(role), { status: "failed", authorId: "someone-else" });
      expect(p.remove.allowed && p.schedule.allowed).toBe(true);
    }
  });
});
