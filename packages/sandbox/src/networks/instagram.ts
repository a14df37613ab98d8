import { flat, grantOf, hasScope, isRefusal, type NetworkDefinition, pick, sandboxClientId } from "../kit";
import {
  grantedBy,
  graphError,
  graphStatusError,
  graphTokenError,
  INSTAGRAM_PERMISSIONS,
  invalidScopes,
} from "./graph";
import { IG_HOSTS, igAccountFields } from "./instagram-access";
import { instagramComments } from "./instagram-comments";
import { instagramPublishing } from "./instagram-publish";

const SHORT = 3_600;
const LONG = 5_184_000;

/** Instagram API with Instagram Login: api.instagram.com for the code, graph.instagram.com for the rest. */
export const instagram: NetworkDefinition = {
  platform: "instagram",
  label: "Instagram",
  authorizePath: "www.instagram.com/oauth/authorize",
  clientParam: "client_id",
  pkce: "none",
  scopeSeparator: ",",
  codeLifetimeSeconds: 600,
  // Instagram appends this to every redirect; clients must strip it from the code.
  redirectFragment: "#_",
  scopeRefusal: (scopes) => invalidScopes(scopes, INSTAGRAM_PERMISSIONS),
  errorBody: graphStatusError,
  routes(kit) {
    kit.post("api.instagram.com/oauth/access_token", async (request, reply) => {
      const form = flat(request.body);
      const oauthError = (message: string) => ({ error_type: "OAuthException", code: 400, error_message: message });
      if (!kit.clientOk(form.client_id, form.client_secret))
        return reply.status(400).send(oauthError("Invalid platform app"));
      if (form.grant_type !== "authorization_code") return reply.status(400).send(oauthError("Unsupported grant_type"));
      const code = kit.redeemCode({ code: form.code, redirectUri: form.redirect_uri });
      if (isRefusal(code)) {
        return reply
          .status(400)
          .send(
            oauthError(
              code === "redirect-mismatch" ? "Error validating verification code." : "Invalid authorization code",
            ),
          );
      }
      const scope = grantedBy(code.scope, kit.review().instagram.advanced, code.username);
      const short = kit.tokens.issue("access", { ...grantOf(code), scope, short: true }, SHORT);
      return {
        data: [
          {
            access_token: short.token,
            user_id: Number(kit.person(code).id.slice(0, 15)),
            permissions: scope,
          },
        ],
      };
    });

    const longLived = (grant: ReturnType<typeof grantOf>) => ({
      access_token: kit.tokens.issue("access", grant, LONG).token,
      token_type: "bearer",
      expires_in: LONG,
    });

    kit.get("graph.instagram.com/access_token", async (request, reply) => {
      const q = flat(request.query);
      if (q.grant_type !== "ig_exchange_token")
        return reply.status(400).send(graphError("Unsupported grant type", 100));
      if (!kit.clientOk(sandboxClientId("instagram"), q.client_secret)) {
        return reply.status(400).send(graphError("Error validating client secret.", 1));
      }
      const claims = kit.tokens.read(q.access_token, "access");
      if (isRefusal(claims)) return reply.status(400).send(graphTokenError(claims));
      return longLived(grantOf(claims));
    });

    kit.get("graph.instagram.com/refresh_access_token", async (request, reply) => {
      const q = flat(request.query);
      if (q.grant_type !== "ig_refresh_token") return reply.status(400).send(graphError("Unsupported grant type", 100));
      const claims = kit.tokens.read(q.access_token, "access");
      if (isRefusal(claims)) return reply.status(400).send(graphTokenError(claims));
      // Only long-lived tokens can be refreshed.
      if (claims.short)
        return reply.status(400).send(graphError("Session key invalid. This isn't a long-lived token.", 190));
      return longLived(grantOf(claims));
    });

    kit.get("graph.instagram.com/me", async (request, reply) => {
      const q = flat(request.query);
      const claims = kit.tokens.read(q.access_token, "access");
      if (isRefusal(claims)) return reply.status(400).send(graphTokenError(q.access_token ? claims : "missing"));
      if (!hasScope(claims, "instagram_business_basic"))
        return reply
          .status(403)
          .send(
            graphError(
              "(#10) Application does not have permission for this action: it needs instagram_business_basic.",
              10,
            ),
          );
      return pick(igAccountFields(kit, kit.person(claims)), q.fields ?? "id", ["id"]);
    });

    instagramPublishing(kit);
    for (const host of IG_HOSTS) instagramComments(kit, host);
  },
};
