import type { FastifyReply, FastifyRequest } from "fastify";
import { grantOf, hasScope, isRefusal, type NetworkKit, pick } from "../kit";
import { pageAt } from "../paging";
import type { Person } from "../people";
import type { Claims } from "../tokens";
import { graphError, graphPaging, graphParams, graphToken, graphTokenError, objectMissing } from "./graph";

/** A Facebook Page a sandbox person can post to. */
export interface SandboxPage {
  id: string;
  name: string;
  /** its place among the person's Pages: their follower counts follow from it */
  i: number;
}

export interface SandboxBusiness {
  id: string;
  name: string;
  /** Pages the business owns */
  owned: SandboxPage[];
  /** Pages of the business's clients it was given access to */
  client: SandboxPage[];
}

const pageOf = (p: Person, i: number, name: string): SandboxPage => ({ id: `${p.id.slice(0, 14)}${i + 10}`, name, i });

/**
 * Someone whose name starts with "agency" manages more Pages than one answer of /me/accounts holds (25), and
 * holds more through a business: Pages it owns (one of which they also manage themselves) and a client's.
 */
const isAgency = (p: Person) => p.username.toLowerCase().startsWith("agency");

/** The Pages a person manages themselves (`/me/accounts`). */
export function accountPagesOf(p: Person): SandboxPage[] {
  const own = [pageOf(p, 0, `${p.name} Studio`), pageOf(p, 1, `${p.name} Shop`)];
  if (!isAgency(p)) return own;
  return [...own, ...Array.from({ length: 25 }, (_, k) => pageOf(p, k + 2, `${p.name} Page ${k + 3}`))];
}

/** The businesses (Business Manager) a person works in, with the Pages each holds. */
export function businessesOf(p: Person): SandboxBusiness[] {
  if (!isAgency(p)) return [];
  return [
    {
      id: `${p.id.slice(0, 13)}777`,
      name: `${p.name} Group`,
      owned: [pageOf(p, 26, `${p.name} Page 27`), pageOf(p, 40, `${p.name} Brand`), pageOf(p, 41, `${p.name} Outlet`)],
      client: [pageOf(p, 50, `${p.name} Client Bakery`)],
    },
  ];
}

/** Every Page a person can post to, once each. */
export function pagesOf(p: Person): SandboxPage[] {
  const all = new Map<string, SandboxPage>();
  for (const page of [...accountPagesOf(p), ...businessesOf(p).flatMap((b) => [...b.owned, ...b.client])])
    all.set(page.id, page);
  return [...all.values()];
}

export const followersOf = (p: Person, page: SandboxPage) => Math.round(p.followers / (page.i + 2));

const PAGE_KINDS = ["Brand", "Shopping & retail", "Community", "Restaurant", "Artist"];

const fail = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).send(body);

/** Graph's refusal of a call whose token lacks a permission the endpoint requires. */
export const missingPermission = (reply: FastifyReply, permission: string) =>
  fail(reply, 403, graphError(`(#200) Requires ${permission} permission to manage the object`, 200));

/** Graph's refusal of Page fields read without pages_read_engagement (follower counts). */
export const missingReadEngagement = (reply: FastifyReply) =>
  fail(
    reply,
    403,
    graphError(
      "(#10) This endpoint requires the 'pages_read_engagement' permission or the 'Page Public Content Access' feature.",
      10,
    ),
  );

const ENGAGEMENT_FIELDS = ["followers_count", "fan_count"];
export const asksEngagement = (fields: string | undefined) =>
  (fields ?? "").split(",").some((f) => ENGAGEMENT_FIELDS.includes(f.trim()));

/** Facebook's list edges of Pages: /me/accounts, the businesses of /me and their owned and client Pages. */
export function facebookPageLists(kit: NetworkKit, graph: string) {
  /** The caller's user token (Page tokens do not list Pages), or null when the refusal was sent. */
  function user(request: FastifyRequest, reply: FastifyReply, params: Record<string, string | undefined>) {
    const claims = graphToken(kit, request, params);
    if (isRefusal(claims)) {
      void fail(reply, 400, graphTokenError(params.access_token || request.headers.authorization ? claims : "missing"));
      return null;
    }
    if (claims.kind !== "access") {
      void fail(reply, 400, graphError("(#100) Tried accessing nonexisting field on node type (Page)", 100));
      return null;
    }
    return claims;
  }

  const limitOf = (params: Record<string, string | undefined>) =>
    Math.min(100, Math.max(1, Number(params.limit ?? 25) || 25));

  /** One page of a list of Pages, with the fields asked for (a Page token for each when access_token is asked). */
  function pageList(
    request: FastifyRequest,
    reply: FastifyReply,
    claims: Claims,
    params: Record<string, string | undefined>,
    pages: SandboxPage[],
    defaults: string,
  ) {
    const fields = params.fields ?? defaults;
    if (asksEngagement(fields) && !hasScope(claims, "pages_read_engagement")) return missingReadEngagement(reply);
    const paged = pageAt(pages, limitOf(params), params.after);
    if (!paged) return fail(reply, 400, graphError("(#100) The after cursor is invalid.", 100));
    const p = kit.person(claims);
    return {
      data: paged.page.map((page) =>
        pick(
          {
            id: page.id,
            name: page.name,
            category: PAGE_KINDS[(p.seed + page.i) % PAGE_KINDS.length] as string,
            followers_count: followersOf(p, page),
            fan_count: followersOf(p, page),
            // A Page token made from a long-lived user token does not expire.
            ...(fields.includes("access_token") && {
              access_token: kit.tokens.issue("page", grantOf(claims), null).token,
            }),
            tasks: ["ADVERTISE", "ANALYZE", "CREATE_CONTENT", "MESSAGING", "MODERATE", "MANAGE"],
          },
          fields,
          ["id"],
        ),
      ),
      paging: graphPaging(request, paged.next),
    };
  }

  kit.get(`${graph}/me/accounts`, async (request, reply) => {
    const params = graphParams(request);
    const claims = user(request, reply, params);
    if (!claims) return reply;
    if (!hasScope(claims, "pages_show_list")) return missingPermission(reply, "pages_show_list");
    return pageList(
      request,
      reply,
      claims,
      params,
      accountPagesOf(kit.person(claims)),
      "id,name,category,access_token,tasks",
    );
  });

  kit.get(`${graph}/me/businesses`, async (request, reply) => {
    const params = graphParams(request);
    const claims = user(request, reply, params);
    if (!claims) return reply;
    if (!hasScope(claims, "business_management")) return missingPermission(reply, "business_management");
    const paged = pageAt(businessesOf(kit.person(claims)), limitOf(params), params.after);
    if (!paged) return fail(reply, 400, graphError("(#100) The after cursor is invalid.", 100));
    return {
      data: paged.page.map((b) => pick({ id: b.id, name: b.name }, params.fields ?? "id,name", ["id"])),
      paging: graphPaging(request, paged.next),
    };
  });

  for (const edge of ["owned_pages", "client_pages"] as const) {
    kit.get(`${graph}/:business/${edge}`, async (request, reply) => {
      const params = graphParams(request);
      const claims = user(request, reply, params);
      if (!claims) return reply;
      if (!hasScope(claims, "business_management")) return missingPermission(reply, "business_management");
      const id = (request.params as { business: string }).business;
      const business = businessesOf(kit.person(claims)).find((b) => b.id === id);
      if (!business) return fail(reply, 400, objectMissing(id));
      const pages = edge === "owned_pages" ? business.owned : business.client;
      return pageList(request, reply, claims, params, pages, "id,name");
    });
  }
}
