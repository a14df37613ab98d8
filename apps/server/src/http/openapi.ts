import { APP_NAME } from "@app/shared";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${APP_NAME} API`,
        version,
        description:
          "JSON over /api. Errors: { error: { code, message } }. POST, PATCH and DELETE need the app's own Origin " +
          "(or Sec-Fetch-Site: same-origin) and send bodies as application/json (uploads: multipart/form-data).",
      },
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: "orbitpost.session_token" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
