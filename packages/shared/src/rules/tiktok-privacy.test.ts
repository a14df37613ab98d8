import { describe, expect, test } from "vitest";
import { tiktokPrivacyFor } from "./tiktok-privacy";

const PUBLIC_ACCOUNT = ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"];
const PRIVATE_ACCOUNT = ["FOLLOWER_OF_CREATOR", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"];

describe("tiktokPrivacyFor", () => {
  test("the choice when TikTok offers it", () => {
    expect(tiktokPrivacyFor(PUBLIC_ACCOUNT, "MUTUAL_FOLLOW_FRIENDS")).toBe("MUTUAL_FOLLOW_FRIENDS");
    expect(tiktokPrivacyFor(PRIVATE_ACCOUNT, "FOLLOWER_OF_CREATOR")).toBe("FOLLOWER_OF_CREATOR");
  });

  test("otherwise the widest offered level that is no wider than the choice", () => {
    expect(tiktokPrivacyFor(PRIVATE_ACCOUNT, "PUBLIC_TO_EVERYONE")).toBe("FOLLOWER_OF_CREATOR");
    // followers are more people than friends: never widened to everyone
    expect(tiktokPrivacyFor(PUBLIC_ACCOUNT, "FOLLOWER_OF_CREATOR")).toBe("MUTUAL_FOLLOW_FRIENDS");
    expect(tiktokPrivacyFor(["SELF_ONLY"], "PUBLIC_TO_EVERYONE")).toBe("SELF_ONLY");
  });

  test("without a choice the widest offered; null when nothing fits", () => {
    expect(tiktokPrivacyFor(PUBLIC_ACCOUNT)).toBe("PUBLIC_TO_EVERYONE");
    expect(tiktokPrivacyFor(PRIVATE_ACCOUNT, null)).toBe("FOLLOWER_OF_CREATOR");
    expect(tiktokPrivacyFor(["PUBLIC_TO_EVERYONE"], "SELF_ONLY")).toBeNull();
    expect(tiktokPrivacyFor([])).toBeNull();
  });
});
