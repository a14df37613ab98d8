import { describe, expect, it } from "vitest";
import { postPermissions } from "./post-permissions";

describe("postPermissions", () => {
  it("lets a contributor delete drafts only, and neither publish nor retry", () => {
    expect(postPermissions("contributor", { status: "draft" }).remove.allowed).toBe(true);
    const scheduled = postPermissions("contributor", { status: "scheduled" });
    expect(scheduled.remove.allowed).toBe(false);
    expect(scheduled.remove.reason).toMatch(/Ask an owner or admin or editor/);
    expect(scheduled.schedule.allowed).toBe(false);
    expect(postPermissions("contributor", { status: "pending_approval" }).remove.allowed).toBe(false);
  });

  it("lets editors, admins and owners delete, publish and retry any post", () => {
    for (const role of ["owner", "admin", "editor"] as const) {
      const p = postPermissions(role, { status: "failed" });
      expect(p.remove.allowed && p.schedule.allowed).toBe(true);
    }
  });
});
