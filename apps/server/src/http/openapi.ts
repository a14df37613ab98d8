import { APP_NAME, PUBLIC_API_PREFIX } from "@app/shared";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { PUBLIC_API_EXAMPLES } from "../modules/public-api/examples";

export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${APP_NAME} API`,
        version,
        description:
          "JSON over /api. Errors: { error: { code, message } }. POST, PATCH and DELETE need the app's own Origin " +
          "(or Sec-Fetch-Site: same-origin) and send bodies as application/json (uploads: multipart/form-data).\n\n" +
          `Public API: the routes tagged "public API v1", under ${PUBLIC_API_PREFIX}, take an API key (Settings → API ` +
          "keys) as `Authorization: Bearer opk_…`, need no Origin and read no cookie. Each needs a scope of the key " +
          "(read, write or publish; 403 otherwise) and acts as the key's creator with their current role. Every key " +
          "has a rate limit (RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset on each answer; 429 with " +
          `Retry-After beyond it). Versioning: ${PUBLIC_API_PREFIX} is stable: it only gains routes and fields; a ` +
          "change that could break a client comes under a new version.",
      },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "orbitpost.session_token" },
          bearerAuth: { type: "http", scheme: "bearer", description: "An API key: opk_ and 43 characters" },
        },
      },
    },
    transform: (input) => withExamples(jsonSchemaTransform(input), input.route.method),
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}

type Transformed = ReturnType<typeof jsonSchemaTransform>;

/** The public API's examples (modules/public-api/examples.ts) on the JSON schemas of their routes. */
function withExamples(out: Transformed, method: string | string[]): Transformed {
  const methods = Array.isArray(method) ? method : [method];
  const example = methods.map((m) => PUBLIC_API_EXAMPLES[`${m} ${out.url}`]).find(Boolean);
  if (!example) return out;
  const schema = { ...out.schema } as Record<string, unknown>;
  const withExample = (json: unknown, value: unknown) => ({ ...(json as object), examples: [value] });
  if (example.body !== undefined && schema.body) schema.body = withExample(schema.body, example.body);
  if (example.querystring && schema.querystring) {
    // A query's parameters each get their own example.
    const query = schema.querystring as { properties?: Record<string, object> };
    const properties = { ...query.properties };
    for (const [name, value] of Object.entries(example.querystring)) {
      if (properties[name]) properties[name] = { ...properties[name], examples: [value] };
    }
    schema.querystring = { ...query, properties };
  }
  if (example.response && schema.response) {
    const response = { ...(schema.response as Record<string, unknown>) };
    for (const [status, value] of Object.entries(example.response)) {
      if (response[status]) response[status] = withExample(response[status], value);
    }
    schema.response = response;
  }
  return { ...out, schema } as Transformed;
}
