import { flat, grantOf, isRefusal, type NetworkDefinition, pick } from "../kit";
import { facebookComments } from "./facebook-comments";
import { facebookPageLists } from "./facebook-pages";
import { facebookPublishing } from "./facebook-publish";
import { FACEBOOK_PERMISSIONS, grantedBy, graphError, graphStatusError, graphTokenError, invalidScopes } from "./graph";

export { pagesOf } from "./facebook-pages";

const V = "v25.0";
/** a short-lived user token (hours) before its exchange; a long-lived one for about 60 days */
const SHORT = 5_400;
const LONG = 5_184_000;

/** Facebook Login for Pages, Graph API v25.0. */
export const facebook: NetworkDefinition = {
  platform: "facebook",
  label: "Facebook",
  authorizePath: `www.facebook.com/${V}/dialog/oauth`,
  clientParam: "client_id",
  pkce: "none",
  scopeSeparator: ",",
  codeLifetimeSeconds: 600,
  scopeRefusal: (scopes) => invalidScopes(scopes, FACEBOOK_PERMISSIONS),
  errorBody: graphStatusError,
  routes(kit) {
    const graph = `graph.facebook.com/${V}`;

    kit.get(`${graph}/oauth/access_token`, async (request, reply) => {
      const q = flat(request.query);
      if (!kit.clientOk(q.client_id, q.client_secret)) {
        return reply.status(400).send(graphError("Error validating client secret.", 1));
      }
      if (q.grant_type === "fb_exchange_token") {
        const user = kit.tokens.read(q.fb_exchange_token, "access");
        // An expired token cannot be exchanged: the person has to sign in again.
        if (isRefusal(user)) return reply.status(400).send(graphTokenError(user));
        // Exchanging a long-lived token again does not extend it: it keeps the end it had, so about 60 days
        // after the person last signed in, the app has to send them through Facebook Login again.
        const lifetime = user.short || user.exp === null ? LONG : Math.floor((user.exp - kit.now()) / 1000);
        const long = kit.tokens.issue("access", grantOf(user), lifetime);
        return { access_token: long.token, token_type: "bearer", expires_in: lifetime };
      }
      const code = kit.redeemCode({ code: q.code, redirectUri: q.redirect_uri });
      if (isRefusal(code)) {
        if (code === "redirect-mismatch") {
          return reply
            .status(400)
            .send(
              graphError(
                "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
                100,
                36008,
              ),
            );
        }
        const message =
          code === "expired" ? "This authorization code has expired." : "This authorization code has been used.";
        return reply.status(400).send(graphError(message, 100, code === "expired" ? 36007 : 36009));
      }
      const scope = grantedBy(code.scope, kit.review().facebook.advanced, code.username);
      const short = kit.tokens.issue("access", { ...grantOf(code), scope, short: true }, SHORT);
      return { access_token: short.token, token_type: "bearer", expires_in: SHORT };
    });

    const userOf = (token: string | undefined) => kit.tokens.read(token, "access");

    kit.get(`${graph}/me`, async (request, reply) => {
      const q = flat(request.query);
      const claims = userOf(q.access_token);
      if (isRefusal(claims)) return reply.status(400).send(graphTokenError(q.access_token ? claims : "missing"));
      const p = kit.person(claims);
      return pick(
        {
          id: p.id,
          name: p.name,
          picture: { data: { height: 50, width: 50, is_silhouette: false, url: kit.avatarUrl(p) } },
        },
        q.fields ?? "id,name",
        ["id"],
      );
    });

    // The permissions the person granted (Facebook's token answers do not name them); needs none itself.
    kit.get(`${graph}/me/permissions`, async (request, reply) => {
      const q = flat(request.query);
      const claims = userOf(q.access_token);
      if (isRefusal(claims)) return reply.status(400).send(graphTokenError(q.access_token ? claims : "missing"));
      const granted = claims.scope.split(/[\s,]+/).filter(Boolean);
      return {
        data: ["public_profile", ...granted.filter((p) => p !== "public_profile")].map((permission) => ({
          permission,
          status: "granted",
        })),
      };
    });

    facebookPageLists(kit, graph);
    facebookPublishing(kit);
    facebookComments(kit, graph);
  },
};
