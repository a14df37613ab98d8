import { expect, test } from "vitest";
import { needsApproval } from "./approval";

test("contributors always need approval, editors only where the workspace asks, owners and admins never", () => {
  for (const setting of [false, true]) {
    expect(needsApproval("contributor", setting)).toBe(true);
    expect(needsApproval("editor", setting)).toBe(setting);
    expect(needsApproval("admin", setting)).toBe(false);
    expect(needsApproval("owner", setting)).toBe(false);
  }
});
