import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { flat, type NetworkKit } from "../kit";
import type { Person } from "../people";
import type { Claims } from "../tokens";
import { apiError, restCall } from "./linkedin";

/** A company page of the sandbox: every numeric id is one, named after its id. */
export interface SandboxOrganization {
  id: string;
  name: string;
  vanityName: string;
}

const FIRST = ["Northwind", "Bluebird", "Copperleaf", "Juniper", "Silverline", "Harbor", "Maple", "Summit"];
const SECOND = ["Labs", "Studio", "Coffee Co.", "Outdoors", "Partners", "Analytics", "Foods", "Design", "Media"];

const hashOf = (s: string) => createHash("sha256").update(s).digest();

/** The organization with this numeric id (its name follows from the id). */
export function organization(id: string): SandboxOrganization {
  const h = hashOf(`linkedin-organization:${id}`);
  const name = `${FIRST[(h[0] as number) % FIRST.length]} ${SECOND[(h[1] as number) % SECOND.length]}`;
  return { id, name, vanityName: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${id.slice(-4)}` };
}

/** The one or two organizations a sandbox member administers (numeric ids, different names). */
export function organizationsOf(person: Pick<Person, "username" | "seed">): SandboxOrganization[] {
  const count = 1 + (person.seed % 2);
  const out: SandboxOrganization[] = [];
  for (let n = 0; out.length < count && n < 50; n++) {
    const h = hashOf(`linkedin-admin:${person.username.toLowerCase()}:${n}`);
    const id = String(10_000_000 + (h.readUInt32BE(0) % 90_000_000));
    const org = organization(id);
    if (!out.some((o) => o.name === org.name)) out.push(org);
  }
  return out;
}

/** Whether the member may act for this organization (an APPROVED ADMINISTRATOR of it). */
export const administers = (person: Pick<Person, "username" | "seed">, organizationId: string) =>
  organizationsOf(person).some((o) => o.id === organizationId);

const ORGANIZATION_URN = /^urn:li:organization:(\d+)$/;
export const organizationIdOf = (urn: unknown) =>
  typeof urn === "string" ? (ORGANIZATION_URN.exec(urn)?.[1] ?? null) : null;

/** What LinkedIn answers an organization lookup with: everything for an administrator, the public part else. */
function organizationBody(org: SandboxOrganization, admin: boolean) {
  const pub = {
    id: Number(org.id),
    localizedName: org.name,
    vanityName: org.vanityName,
    name: { localized: { en_US: org.name }, preferredLocale: { country: "US", language: "en" } },
    primaryOrganizationType: "NONE",
  };
  if (!admin) return pub;
  return {
    ...pub,
    localizedWebsite: `https://${org.vanityName}.example`,
    defaultLocale: { country: "US", language: "en" },
    versionTag: "1",
  };
}

/** The organization APIs: who administers what (organizationAcls) and each organization (organizations). */
export function linkedinOrganizations(kit: NetworkKit) {
  const api = "api.linkedin.com/rest";

  /** The /rest headers and a token with one of the organization admin scopes. */
  const adminCall = (request: FastifyRequest, reply: FastifyReply, resource: string): Claims | null =>
    restCall(kit, request, reply, resource, ["rw_organization_admin", "r_organization_admin"]);

  kit.get(`${api}/organizationAcls`, async (request, reply) => {
    const q = flat(request.query);
    const claims = adminCall(request, reply, `organizationAcls.FINDER-${q.q ?? "unknown"}`);
    if (!claims) return reply;
    if (q.q !== "roleAssignee")
      return reply.status(400).send(apiError(400, 100, undefined, "Invalid query parameters passed to request"));
    const person = kit.person(claims);
    const matches = (wanted: string | undefined, actual: string) => !wanted || wanted === actual;
    const all = organizationsOf(person)
      .filter(() => matches(q.role, "ADMINISTRATOR") && matches(q.state, "APPROVED"))
      .map((o) => ({
        roleAssignee: `urn:li:person:${person.id}`,
        state: "APPROVED",
        role: "ADMINISTRATOR",
        organization: `urn:li:organization:${o.id}`,
      }));
    const start = Math.max(0, Number(q.start ?? 0) || 0);
    const count = Math.min(100, Math.max(1, Number(q.count ?? 10) || 10));
    return { paging: { start, count, links: [], total: all.length }, elements: all.slice(start, start + count) };
  });

  /** Batch get: `?ids=List(1,2)`, answered by id with a status each. */
  kit.get(`${api}/organizations`, async (request, reply) => {
    const claims = adminCall(request, reply, "organizations.BATCH_GET");
    if (!claims) return reply;
    const m = /^List\(([^)]*)\)$/.exec(flat(request.query).ids ?? "");
    if (!m) return reply.status(400).send(apiError(400, 100, undefined, "Invalid query parameters passed to request"));
    const person = kit.person(claims);
    // Keyed by ids from the query: no prototype, so `__proto__` is an id like any other (and refused as one).
    const results: Record<string, unknown> = Object.create(null);
    const statuses: Record<string, number> = Object.create(null);
    const errors: Record<string, unknown> = Object.create(null);
    for (const id of (m[1] as string).split(",").filter(Boolean)) {
      if (!/^\d+$/.test(id)) {
        statuses[id] = 400;
        errors[id] = apiError(400, undefined, undefined, `Invalid organization id: ${id}`);
        continue;
      }
      statuses[id] = 200;
      results[id] = organizationBody(organization(id), administers(person, id));
    }
    return { results, statuses, errors };
  });

  kit.get(`${api}/organizations/:id`, async (request, reply) => {
    const claims = adminCall(request, reply, "organizations.GET");
    if (!claims) return reply;
    const id = (request.params as { id: string }).id;
    if (!/^\d+$/.test(id))
      return reply.status(400).send(apiError(400, undefined, undefined, `Invalid organization id: ${id}`));
    return organizationBody(organization(id), administers(kit.person(claims), id));
  });
}
