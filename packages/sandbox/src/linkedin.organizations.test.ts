import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { organization, organizationsOf } from "./networks/linkedin-organizations";
import { personOf } from "./people";
import { startSandbox, type TestSandbox } from "./publish-test-kit";

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const MEMBER = "openid profile email w_member_social";
const ORGS = `${MEMBER} w_organization_social rw_organization_admin`;
const REST = { "linkedin-version": "202607", "x-restli-protocol-version": "2.0.0" };
const me = personOf("linkedin", "alice");

const get = (path: string, scope = ORGS, username = "alice") =>
  s.inject({
    method: "GET",
    url: `/sandbox/linkedin/api.linkedin.com/rest/${path}`,
    headers: { ...REST, authorization: `Bearer ${s.token("linkedin", username, scope)}` },
  });

const postAs = (author: string, scope = ORGS) =>
  s.inject({
    method: "POST",
    url: "/sandbox/linkedin/api.linkedin.com/rest/posts",
    headers: { ...REST, authorization: `Bearer ${s.token("linkedin", "alice", scope)}` },
    payload: {
      author,
      commentary: "From the company",
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
    },
  });

/** An organization alice does not administer. */
const notHers = () => {
  const mine = new Set(organizationsOf(me).map((o) => o.id));
  return ["2414183", "10000001", "10000002"].find((id) => !mine.has(id)) as string;
};

describe("LinkedIn organizations", () => {
  it("each member administers one or two organizations with numeric ids and different names, always the same", () => {
    const counts = new Set<number>();
    for (const name of ["alice", "bob", "carol", "dave", "erin", "frank"]) {
      const orgs = organizationsOf(personOf("linkedin", name));
      counts.add(orgs.length);
      expect(orgs.length).toBeGreaterThanOrEqual(1);
      expect(orgs.length).toBeLessThanOrEqual(2);
      for (const o of orgs) expect(o.id).toMatch(/^[1-9]\d{7}$/);
      expect(new Set(orgs.map((o) => o.name)).size).toBe(orgs.length);
      expect(organizationsOf(personOf("linkedin", name))).toEqual(orgs);
    }
    expect(counts).toEqual(new Set([1, 2]));
  });

  it("organizationAcls by roleAssignee lists the member's APPROVED ADMINISTRATOR roles", async () => {
    const res = await get("organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED");
    expect(res.statusCode, res.body).toBe(200);
    const mine = organizationsOf(me);
    expect(res.json()).toMatchObject({ paging: { start: 0, total: mine.length } });
    expect(res.json().elements).toEqual(
      mine.map((o) => ({
        roleAssignee: `urn:li:person:${me.id}`,
        state: "APPROVED",
        role: "ADMINISTRATOR",
        organization: `urn:li:organization:${o.id}`,
      })),
    );
    // Other roles or states: none.
    expect((await get("organizationAcls?q=roleAssignee&role=ANALYST")).json().elements).toEqual([]);
    expect((await get("organizationAcls?q=roleAssignee&state=REQUESTED")).json().elements).toEqual([]);
    expect((await get("organizationAcls?q=organization")).statusCode).toBe(400);
  });

  it("organizations: one by id, or a batch by ids=List(...), with localizedName", async () => {
    const [first] = organizationsOf(me);
    if (!first) throw new Error("no organization");
    const one = await get(`organizations/${first.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: Number(first.id), localizedName: first.name, vanityName: first.vanityName });
    const other = notHers();
    const batch = await get(`organizations?ids=List(${first.id},${other},abc)`);
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json()).toMatchObject({
      results: {
        [first.id]: { id: Number(first.id), localizedName: first.name },
        [other]: { id: Number(other), localizedName: organization(other).name },
      },
      statuses: { [first.id]: 200, [other]: 200, abc: 400 },
      errors: { abc: { status: 400 } },
    });
    // The administrator sees more than the public part.
    expect(batch.json().results[first.id].localizedWebsite).toBeDefined();
    expect(batch.json().results[other].localizedWebsite).toBeUndefined();
    expect((await get("organizations?ids=1,2")).statusCode).toBe(400);
  });

  it("needs an organization admin scope and the version header", async () => {
    for (const path of ["organizationAcls?q=roleAssignee", "organizations/12345678", "organizations?ids=List(1)"]) {
      const res = await get(path, MEMBER);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, serviceErrorCode: 100, code: "ACCESS_DENIED" });
      expect(res.json().message).toMatch(/^Not enough permissions to access: /);
    }
    expect((await get("organizationAcls?q=roleAssignee", `${MEMBER} r_organization_admin`)).statusCode).toBe(200);
    const noVersion = await s.inject({
      method: "GET",
      url: "/sandbox/linkedin/api.linkedin.com/rest/organizationAcls?q=roleAssignee",
      headers: { authorization: `Bearer ${s.token("linkedin", "alice", ORGS)}` },
    });
    expect(noVersion.json()).toMatchObject({ status: 400, code: "VERSION_MISSING" });
  });

  it("posts as an organization the member administers, with w_organization_social only", async () => {
    const [first] = organizationsOf(me);
    const author = `urn:li:organization:${first?.id}`;
    const noScope = await postAs(author, `${MEMBER} rw_organization_admin`);
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json()).toEqual({
      status: 403,
      serviceErrorCode: 100,
      code: "ACCESS_DENIED",
      message: "Not enough permissions to access: partnerApiPostsExternal.CREATE.202607",
    });

    const notAdmin = await postAs(`urn:li:organization:${notHers()}`);
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toMatchObject({
      status: 403,
      serviceErrorCode: 100,
      message:
        "Field Value validation failed in REQUEST_BODY: Data Processing Exception while processing fields [/author]",
    });
    expect(s.control.published("linkedin")).toHaveLength(0);

    const res = await postAs(author);
    expect(res.statusCode, res.body).toBe(201);
    expect(s.control.published("linkedin")[0]).toMatchObject({ author, text: "From the company", username: "alice" });
  });

  it("uploads media only for an organization the member administers", async () => {
    const init = (owner: string) =>
      s.inject({
        method: "POST",
        url: "/sandbox/linkedin/api.linkedin.com/rest/images?action=initializeUpload",
        headers: { ...REST, authorization: `Bearer ${s.token("linkedin", "alice", ORGS)}` },
        payload: { initializeUploadRequest: { owner } },
      });
    expect((await init(`urn:li:organization:${organizationsOf(me)[0]?.id}`)).statusCode).toBe(200);
    expect((await init(`urn:li:organization:${notHers()}`)).statusCode).toBe(403);
  });
});
