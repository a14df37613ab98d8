/**
 * The inbox is live in every tab (issue 21): each change made through the API reaches the event streams of the
 * workspace's members as an "inbox" event naming the conversation.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { type EventStream, openEventStream, readUntil } from "../event-stream";
import { createNetworkTestApp, joinWorkspace, type NetworkTestApp, signedInUser } from "../helpers";
import { comment, ingest } from "../inbox";
import { seedAccount, workspaceOf } from "../results";

let t: NetworkTestApp;
let owner: string;
let stream: EventStream;
let conversationId: string;

beforeAll(async () => {
  t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
  owner = (await signedInUser(t.app)).cookie;
  const ws = await workspaceOf(t, owner);
  const account = await seedAccount(t.db, ws, "facebook");
  const out = await ingest(
    t.db,
    { ...account, workspaceId: ws.workspaceId },
    [comment("post-1", t.clock.now(), { author: "Ana" })],
    t.clock.now(),
  );
  conversationId = out.conversationIds[0] as string;
  const member = await joinWorkspace(t, { cookie: owner }, "contributor");
  stream = await openEventStream(t.baseUrl, member.cookie);
}, 60_000);

afterAll(async () => {
  await stream?.reader.cancel();
  await t?.close();
});

const changed = (id: string) =>
  new RegExp(
    `event: inbox\\ndata: ${JSON.stringify({ type: "inbox.changed", conversationIds: [id] }).replace(/[[\]{}]/g, "\\$&")}\\n`,
  );

test.each([
  ["marked done", "PATCH", "", { status: "done" }],
  ["read", "POST", "/read", { read: true }],
  ["a note", "POST", "/notes", { body: "Calling her" }],
  ["a reply queued", "POST", "/replies", { text: "Thanks!" }],
])("%s: the members' tabs are told", async (_what, method, path, payload) => {
  stream.text = "";
  const res = await t.app.inject({
    method: method as "POST",
    url: `/api/inbox/${conversationId}${path}`,
    headers: { cookie: owner },
    payload,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  expect(await readUntil(stream, changed(conversationId))).toBe(true);
});
