import { ACCOUNT_MESSAGES } from "@app/shared";
import { describe, expect, it } from "vitest";
import { networkRefusal } from "./oauth-refusal";

describe("networkRefusal", () => {
  it("says what to do about a LinkedIn scope the app is not approved for, with LinkedIn's words decoded", () => {
    expect(
      networkRefusal(
        "unauthorized_scope_error",
        "Scope &quot;w_organization_social&quot; is not authorized for your application",
      ),
    ).toEqual({
      message: ACCOUNT_MESSAGES.scopeNotAuthorized,
      detail: 'Scope "w_organization_social" is not authorized for your application',
    });
  });

  it("keeps the network's error and description for any other refusal", () => {
    expect(networkRefusal("access_denied", "The user denied the request")).toEqual({
      message: ACCOUNT_MESSAGES.oauthError("access_denied"),
      detail: "The user denied the request",
    });
    expect(networkRefusal("server_error", null)).toEqual({ message: ACCOUNT_MESSAGES.oauthError("server_error") });
  });
});
