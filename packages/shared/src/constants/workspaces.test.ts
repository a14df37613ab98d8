import { describe, expect, test } from "vitest";
import { can, ROLE_PERMISSIONS, rolesThatCan, WORKSPACE_ROLES, WORKSPACE_STATEMENTS } from "./workspaces";

describe("the role table", () => {
  test("gives each role only actions that exist", () => {
    for (const role of WORKSPACE_ROLES) {
      for (const [resource, actions] of Object.entries(ROLE_PERMISSIONS[role])) {
        const known = WORKSPACE_STATEMENTS[resource as keyof typeof WORKSPACE_STATEMENTS] as readonly string[];
        expect(known, `${role}: ${resource}`).toBeDefined();
        for (const action of actions as readonly string[])
          expect(known, `${role}: ${resource}.${action}`).toContain(action);
      }
    }
  });

  test("keeps billing and deleting the workspace for the owner", () => {
    expect(rolesThatCan("billing", "manage")).toEqual(["owner"]);
    expect(rolesThatCan("organization", "delete")).toEqual(["owner"]);
  });

  test("lets owners and admins run the team, the accounts and the settings", () => {
    for (const [resource, action] of [
      ["member", "create"],
      ["member", "update"],
      ["member", "delete"],
      ["invitation", "create"],
      ["invitation", "cancel"],
      ["account", "manage"],
      ["organization", "update"],
    ] as const) {
      expect(rolesThatCan(resource, action), `${resource}.${action}`).toEqual(["owner", "admin"]);
    }
  });

  test("lets editors schedule, publish and approve, and contributors only draft, submit and upload", () => {
    expect(rolesThatCan("post", "schedule")).toEqual(["owner", "admin", "editor"]);
    expect(rolesThatCan("post", "approve")).toEqual(["owner", "admin", "editor"]);
    expect(rolesThatCan("post", "submit")).toEqual(["owner", "admin", "editor", "contributor"]);
    expect(can("contributor", "post", "draft")).toBe(true);
    expect(can("contributor", "media", "upload")).toBe(true);
    expect(can("contributor", "media", "delete")).toBe(false);
    expect(can("contributor", "account", "manage")).toBe(false);
    expect(can("editor", "account", "manage")).toBe(false);
  });
});
