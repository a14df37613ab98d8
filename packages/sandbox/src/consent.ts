import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Form, flat, type NetworkDefinition, sandboxClientId } from "./kit";
import { personOf, USERNAME_PATTERN } from "./people";
import type { ReviewSettings } from "./review";
import type { TokenStore } from "./tokens";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0;display:flex;justify-content:center;padding:48px 16px}
main{background:#fff;border:1px solid #e4e4e7;border-radius:12px;max-width:420px;width:100%;padding:28px;box-sizing:border-box}
h1{font-size:20px;margin:0 0 4px}p{color:#52525b;font-size:14px;line-height:1.5}
.tag{display:inline-block;font-size:12px;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;margin-bottom:12px}
label{display:block;font-size:14px;font-weight:600;margin:16px 0 6px}
input{width:100%;box-sizing:border-box;padding:10px 12px;font-size:15px;border:1px solid #d4d4d8;border-radius:8px}
ul{font-size:13px;color:#3f3f46;padding-left:18px}.error{color:#b91c1c;font-size:14px}
.actions{display:flex;gap:8px;margin-top:20px}button{flex:1;padding:10px;font-size:15px;border-radius:8px;border:1px solid #d4d4d8;background:#fff;cursor:pointer}
button.primary{background:#18181b;color:#fff;border-color:#18181b}`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface ConsentOptions {
  /** the redirect URIs registered for the sandbox's app on this network */
  redirectUris: (platform: NetworkDefinition["platform"]) => readonly string[];
  review: () => ReviewSettings;
}

/** What is wrong with an authorize request, in the words a network's error page would use. */
function problemOf(def: NetworkDefinition, q: Form, o: ConsentOptions): string | null {
  if (q[def.clientParam] !== sandboxClientId(def.platform)) return `Invalid ${def.clientParam}.`;
  // Checked before anything is sent back to it: an unregistered address never gets a redirect.
  if (!q.redirect_uri || !o.redirectUris(def.platform).includes(q.redirect_uri))
    return "The redirect_uri does not match any redirect URI registered for this app.";
  if (q.response_type !== "code") return "Unsupported response_type: only 'code' is allowed.";
  if (!q.scope) return "The scope parameter is missing.";
  if (def.pkce === "required" && !q.code_challenge) return "Missing code_challenge: PKCE is required.";
  if (q.code_challenge && q.code_challenge_method !== "S256")
    return "Only the S256 code_challenge_method is supported.";
  return null;
}

function consentPage(def: NetworkDefinition, q: Form, error?: string, username = "") {
  const scopes = (q.scope ?? "").split(def.scopeSeparator).filter(Boolean);
  return page(
    `Sign in to ${def.label} (sandbox)`,
    `<span class="tag">Sandbox</span><h1>Sign in to ${escapeHtml(def.label)} (sandbox)</h1>
<p>This page stands in for ${escapeHtml(def.label)}. Type any name: the sandbox makes up an account for it, so the same name always gives the same account.</p>
<p>The app asks for:</p><ul>${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ul>
<form method="post">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="off" maxlength="30" value="${escapeHtml(username)}" required>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<div class="actions"><button type="submit" name="approve" value="0" formnovalidate>Cancel</button><button class="primary" type="submit" name="approve" value="1">Allow</button></div>
</form>`,
  );
}

function backTo(def: NetworkDefinition, q: Form, params: Record<string, string>) {
  const url = new URL(q.redirect_uri as string);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  if (q.state !== undefined) url.searchParams.set("state", q.state);
  return url.toString() + (def.redirectFragment ?? "");
}

/** Each network's authorize page: GET shows the consent form, POST answers it. */
export function registerConsent(app: FastifyInstance, def: NetworkDefinition, tokens: TokenStore, o: ConsentOptions) {
  const url = `/${def.platform}/${def.authorizePath}`;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);

  const errorPage = (reply: FastifyReply, message: string) =>
    html(reply, 400, page(`${def.label} (sandbox): error`, `<h1>Error</h1><p>${escapeHtml(message)}</p>`));
  /**
   * Answers a request the network would not show its consent page for: an error page, or (scopes the app may
   * not have, where the network does so) a redirect back with the error. True when it answered.
   */
  const refuseRequest = (q: Form, reply: FastifyReply): boolean => {
    const problem = problemOf(def, q, o);
    if (problem) {
      void errorPage(reply, problem);
      return true;
    }
    const scopes = def.scopeRefusal?.((q.scope ?? "").split(def.scopeSeparator).filter(Boolean), o.review());
    if (!scopes) return false;
    if (scopes.redirect)
      void reply.redirect(backTo(def, q, { error: scopes.error, error_description: scopes.description }));
    else void errorPage(reply, scopes.description);
    return true;
  };

  app.get(url, async (request: FastifyRequest, reply) => {
    const q = flat(request.query);
    if (refuseRequest(q, reply)) return reply;
    return html(reply, 200, consentPage(def, q));
  });

  app.post(url, async (request: FastifyRequest, reply) => {
    const q = flat(request.query);
    if (refuseRequest(q, reply)) return reply;
    const form = flat(request.body);
    if (form.approve !== "1") {
      return reply.redirect(
        backTo(def, q, {
          error: "access_denied",
          ...(def.platform === "instagram" && { error_reason: "user_denied" }),
          error_description: "The user denied the request",
        }),
      );
    }
    const username = (form.username ?? "").trim();
    if (!USERNAME_PATTERN.test(username)) {
      const message = "Use 1 to 30 letters, digits, dots, dashes or underscores, starting with a letter or digit.";
      return html(reply, 400, consentPage(def, q, message, username));
    }
    const person = personOf(def.platform, username);
    const { token } = tokens.issue(
      "code",
      {
        platform: def.platform,
        userId: person.id,
        username,
        scope: q.scope ?? "",
        grant: randomBytes(9).toString("base64url"),
        redirectUri: q.redirect_uri,
        challenge: q.code_challenge,
      },
      def.codeLifetimeSeconds,
    );
    return reply.redirect(backTo(def, q, { code: token }));
  });
}

/**
 * The person's side of the network: the settings page where one removes an app's access. Removing it
 * revokes every token of that person's grants, as the real networks do, so the app sees a dead connection.
 */
export function registerConnectedApps(app: FastifyInstance, def: NetworkDefinition, tokens: TokenStore) {
  const url = `/${def.platform}/connected-apps`;
  const title = `${def.label} (sandbox): connected apps`;
  const form = (message = "", username = "") =>
    page(
      title,
      `<span class="tag">Sandbox</span><h1>Apps connected to ${escapeHtml(def.label)}</h1>
<p>Remove an app's access to a sandbox account, the way you would in the network's settings.</p>
<form method="post">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="off" maxlength="30" value="${escapeHtml(username)}" required>
${message}
<div class="actions"><button class="primary" type="submit">Remove access</button></div>
</form>`,
    );
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);

  app.get(url, async (_request, reply) => html(reply, 200, form()));
  app.post(url, async (request, reply) => {
    const username = (flat(request.body).username ?? "").trim();
    if (!USERNAME_PATTERN.test(username)) {
      return html(reply, 400, form(`<p class="error" role="alert">Unknown username.</p>`, username));
    }
    tokens.revoke(def.platform, personOf(def.platform, username).id);
    return html(reply, 200, form(`<p role="status">Access removed for ${escapeHtml(username)}.</p>`));
  });
}
