import { GENERIC_MESSAGES, INBOX_MESSAGES } from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config/env";
import type { Db } from "../../db/client";
import { badRequest, forbidden, notFound, unauthorized } from "../../http/errors";
import {
  checkMetaSignature,
  META_WEBHOOK_PLATFORMS,
  metaEvents,
  metaWebhookPath,
  metaWebhookSecrets,
  queueWebhookCollects,
  sameSecret,
} from "./inbox.webhooks";

const verificationQuerySchema = z.object({
  "hub.mode": z.string().max(50).optional(),
  "hub.verify_token": z.string().max(500).optional(),
  "hub.challenge": z.string().max(500).optional(),
});
/** Meta's challenge is a number; anything echoed back stays a plain token. */
const CHALLENGE = /^[A-Za-z0-9._-]{1,200}$/;
const deliveryResponseSchema = z.object({
  received: z.literal(true),
  /** reads of accounts queued (0: no comment of a connected account in it) */
  queued: z.number(),
});

/**
 * The Meta webhooks' routes (inbox.webhooks.ts), always there and answering 404 unless their network's webhooks are
 * on (a public https PUBLIC_URL, META_WEBHOOK_VERIFY_TOKEN, the network's app configured). They read no session and
 * need no Origin (the security hook's MACHINE_ROUTES): the GET proves itself with the verify token, each POST with
 * its signature over the exact body, which is why, in this scope only, bodies are kept raw instead of parsed.
 */
export async function inboxWebhookRoutes(app: FastifyInstance, opts: { db: Db; config: Config; now?: () => Date }) {
  const now = opts.now ?? (() => new Date());
  const secrets = metaWebhookSecrets(opts.config);
  const verifyToken = opts.config.inbox.metaVerifyToken;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["inbox"];

  for (const platform of META_WEBHOOK_PLATFORMS) {
    const path = metaWebhookPath(platform);
    const name = platform === "facebook" ? "Facebook Page" : "Instagram";

    r.get(
      path,
      {
        schema: {
          tags,
          summary: `Meta's check of the ${name} webhook's address: echoes hub.challenge when hub.verify_token is the app's (404 when the webhook is off)`,
          querystring: verificationQuerySchema,
        },
      },
      async (req, reply) => {
        if (!secrets[platform] || !verifyToken) throw notFound();
        const q = req.query;
        if (q["hub.mode"] !== "subscribe" || !sameSecret(q["hub.verify_token"] ?? "", verifyToken)) {
          throw forbidden(INBOX_MESSAGES.webhookVerifyRefused);
        }
        const challenge = q["hub.challenge"] ?? "";
        if (!CHALLENGE.test(challenge)) throw badRequest(INBOX_MESSAGES.webhookChallengeInvalid);
        return reply.type("text/plain; charset=utf-8").send(challenge);
      },
    );

    r.post(
      path,
      {
        schema: {
          tags,
          summary: `Meta's ${name} events (signed with X-Hub-Signature-256): a new comment queues a read of its account (404 when the webhook is off)`,
          response: { 200: deliveryResponseSchema },
        },
      },
      async (req) => {
        const secret = secrets[platform];
        if (!secret) throw notFound();
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = checkMetaSignature(raw, req.headers["x-hub-signature-256"], secret);
        if (signature === "missing") throw unauthorized(INBOX_MESSAGES.webhookSignatureRequired);
        if (signature === "invalid") throw forbidden(INBOX_MESSAGES.webhookSignatureInvalid);
        let body: unknown;
        try {
          body = JSON.parse(raw.toString("utf8"));
        } catch {
          throw badRequest(GENERIC_MESSAGES.malformedJson);
        }
        const queued = await queueWebhookCollects(opts.db, platform, metaEvents(platform, body), now());
        return { received: true as const, queued };
      },
    );
  }
}
