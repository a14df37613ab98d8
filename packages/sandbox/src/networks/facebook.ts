import { flat, grantOf, isRefusal, type NetworkDefinition, pick } from "../kit";
import type { Person } from "../people";
import { facebookPublishing } from "./facebook-publish";
import { graphError, graphStatusError, graphTokenError } from "./graph";

/** The two Pages each sandbox person manages. */
export const pagesOf = (p: Person) =>
  [`${p.name} Studio`, `${p.name} Shop`].map((name, i) => ({ id: `${p.id.slice(0, 14)}${i + 10}`, name, i }));

const V = "v25.0";
/** a short-lived user token (hours) before its exchange; a long-lived one for about 60 days */
const SHORT = 5_400;
const LONG = 5_184_000;

const PAGE_KINDS = ["Brand", "Shopping & retail", "Community", "Restaurant", "Artist"];

/** Facebook Login for Pages, Graph API v25.0. */
export const facebook: NetworkDefinition = {
  platform: "facebook",
  label: "Facebook",
  authorizePath: `www.facebook.com/${V}/dialog/oauth`,
  clientParam: "client_id",
  pkce: "none",
  scopeSeparator: ",",
  codeLifetimeSeconds: 600,
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
        const long = kit.tokens.issue("access", grantOf(user), LONG);
        return { access_token: long.token, token_type: "bearer", expires_in: LONG };
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
      const short = kit.tokens.issue("access", { ...grantOf(code), short: true }, SHORT);
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

    kit.get(`${graph}/me/accounts`, async (request, reply) => {
      const q = flat(request.query);
      const claims = userOf(q.access_token);
      if (isRefusal(claims)) return reply.status(400).send(graphTokenError(q.access_token ? claims : "missing"));
      const p = kit.person(claims);
      const fields = q.fields ?? "id,name,category,access_token,tasks";
      const pages = pagesOf(p).map(({ id, name, i }) => {
        const followers = Math.round(p.followers / (i + 2));
        return pick(
          {
            id,
            name,
            category: PAGE_KINDS[(p.seed + i) % PAGE_KINDS.length] as string,
            followers_count: followers,
            fan_count: followers,
            // A Page token made from a long-lived user token does not expire.
            ...(fields.includes("access_token") && {
              access_token: kit.tokens.issue("page", grantOf(claims), null).token,
            }),
            tasks: ["ADVERTISE", "ANALYZE", "CREATE_CONTENT", "MESSAGING", "MODERATE", "MANAGE"],
          },
          fields,
          ["id"],
        );
      });
      return { data: pages, paging: { cursors: { before: "QVFIUk", after: "QVFIUl" } } };
    });

    facebookPublishing(kit);
  },
};
