import { WORKSPACE_MESSAGES } from "@app/shared";
import { describe, expect, it } from "vitest";
import { permissionOf } from "./permissions";

describe("permissionOf", () => {
  it("allows what the role table gives the role, with no reason", () => {
    expect(permissionOf("owner", "billing", "manage")).toEqual({ allowed: true, reason: null });
    expect(permissionOf("editor", "post", "schedule")).toEqual({ allowed: true, reason: null });
    expect(permissionOf("contributor", "media", "upload")).toEqual({ allowed: true, reason: null });
  });

  it("refuses the rest with the server's sentence naming the roles that may", () => {
    expect(permissionOf("contributor", "post", "schedule")).toEqual({
      allowed: false,
      reason: WORKSPACE_MESSAGES.notAllowed(["owner", "admin", "editor"]),
    });
    expect(permissionOf("admin", "billing", "manage").reason).toBe(WORKSPACE_MESSAGES.notAllowed(["owner"]));
    expect(permissionOf("editor", "account", "manage").reason).toBe(WORKSPACE_MESSAGES.notAllowed(["owner", "admin"]));
    expect(permissionOf("contributor", "media", "delete").allowed).toBe(false);
  });

  it("allows nothing while the role is not known yet", () => {
    expect(permissionOf(undefined, "post", "draft").allowed).toBe(false);
  });
});
