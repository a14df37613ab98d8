import { ERROR_CODES, MCP_MESSAGES, MCP_PATH } from "@app/shared";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config/env";
import type { Db } from "../../db/client";
import { describeError, errorBody } from "../../http/errors";
import type { ApiKeyPrincipal } from "../api-keys/api-key-auth";
import { requireApiKey } from "../public-api/api-key-request";
import { apiKeyRateLimit } from "../public-api/rate-limit";
import { createMcpServer, type McpToolsDeps } from "./mcp.tools";

export interface McpRouteOptions extends McpToolsDeps {
  db: Db;
  config: Pick<Config, "apiRateLimit">;
  now?: () => Date;
}

/**
 * The MCP server (issue 24) at /api/mcp: Streamable HTTP without sessions (a new server and transport for each
 * POST, answered as JSON), authenticated with an API key. The key is checked before anything of MCP is read: a
 * missing, unknown, revoked or expired key gets the app's 401. Not in the OpenAPI document (its body is MCP's
 * JSON-RPC, described by MCP itself); the README tells how to add it to an assistant.
 *
 * The MCP specification asks servers to check Origin against DNS rebinding; that attack borrows a browser's
 * ambient credentials, and this route reads none (no cookie): it acts only for a request carrying the key itself.
 */
export async function mcpRoutes(app: FastifyInstance, opts: McpRouteOptions) {
  const now = opts.now ?? (() => new Date());
  const hide = { hide: true };

  // Without sessions there is no event stream to open (GET) and no session to end (DELETE).
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(405)
      .header("allow", "POST")
      .send(errorBody(ERROR_CODES.methodNotAllowed, MCP_MESSAGES.methodNotAllowed));
  app.get(MCP_PATH, { schema: hide }, notAllowed);
  app.delete(MCP_PATH, { schema: hide }, notAllowed);

  app.post(
    MCP_PATH,
    {
      schema: hide,
      onRequest: requireApiKey(opts.db, now),
      // One allowance per key, shared with /api/v1.
      config: { rateLimit: apiKeyRateLimit(opts.config) },
    },
    async (request, reply) => {
      const server = createMcpServer(request.apiKey as ApiKeyPrincipal, opts, request.log);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // The transport writes the answer itself: the headers set so far (the rate limit's) go with it.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      reply.raw.on("close", () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (err) {
        const { statusCode, body } = describeError(err, request);
        request.log.error({ err }, "MCP request failed");
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(statusCode, { "content-type": "application/json; charset=utf-8" });
          reply.raw.end(JSON.stringify(body));
        }
      }
    },
  );
}
