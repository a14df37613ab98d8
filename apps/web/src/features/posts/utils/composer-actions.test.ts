import { describe, expect, it } from "vitest";
import { composerActions } from "./composer-actions";

describe("composerActions", () => {
  it("lets owners, admins and editors (setting off) schedule and publish now", () => {
    for (const role of ["owner", "admin", "editor"] as const)
      expect(composerActions(role, false)).toEqual({ primary: "schedule", publishNow: true });
    expect(composerActions("owner", true)).toEqual({ primary: "schedule", publishNow: true });
    expect(composerActions("admin", true, { status: "scheduled" })).toEqual({ primary: "schedule", publishNow: true });
  });

  it("has a contributor submit for approval, without Publish now, whatever the setting", () => {
    expect(composerActions("contributor", false)).toEqual({ primary: "submit", publishNow: false });
    expect(composerActions("contributor", true, { status: "draft" })).toEqual({ primary: "submit", publishNow: false });
    expect(composerActions("contributor", false, { status: "pending_approval" }).primary).toBe("submit");
  });

  it("has an editor submit when the workspace's posts need approval", () => {
    expect(composerActions("editor", true)).toEqual({ primary: "submit", publishNow: false });
  });

  it("says Resubmit when such a member edits a post that was approved", () => {
    expect(composerActions("contributor", false, { status: "scheduled" })).toEqual({
      primary: "resubmit",
      publishNow: false,
    });
    expect(composerActions("editor", true, { status: "failed" }).primary).toBe("resubmit");
    expect(composerActions("editor", true, { status: "partially_published" }).primary).toBe("resubmit");
  });

  it("offers scheduling while the role is not known (the server decides)", () => {
    expect(composerActions(undefined, true)).toEqual({ primary: "schedule", publishNow: true });
  });
});
