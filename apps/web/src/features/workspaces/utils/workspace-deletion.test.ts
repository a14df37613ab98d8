import { describe, expect, it } from "vitest";
import { confirmsWorkspaceName, mayDeleteWorkspace } from "./workspace-deletion";

describe("mayDeleteWorkspace", () => {
  it("offers deletion to the owner of a shared workspace", () => {
    expect(mayDeleteWorkspace({ role: "owner", personal: false })).toBe(true);
  });

  it("never offers to delete a personal workspace", () => {
    expect(mayDeleteWorkspace({ role: "owner", personal: true })).toBe(false);
  });

  it.each(["admin", "editor", "contributor"] as const)("does not offer it to an %s", (role) => {
    expect(mayDeleteWorkspace({ role, personal: false })).toBe(false);
  });
});

describe("confirmsWorkspaceName", () => {
  it("accepts the exact name, spaces around it forgiven", () => {
    expect(confirmsWorkspaceName("Acme team", "Acme team")).toBe(true);
    expect(confirmsWorkspaceName("  Acme team ", "Acme team")).toBe(true);
  });

  it("refuses anything else: empty, another case, part of the name", () => {
    expect(confirmsWorkspaceName("", "Acme team")).toBe(false);
    expect(confirmsWorkspaceName("acme team", "Acme team")).toBe(false);
    expect(confirmsWorkspaceName("Acme", "Acme team")).toBe(false);
  });
});
