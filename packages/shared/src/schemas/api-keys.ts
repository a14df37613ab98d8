import { z } from "zod";
import { API_KEY_NAME_MAX, API_KEY_SCOPES } from "../constants/api-keys";
import { API_KEY_MESSAGES } from "../constants/messages";
import { singleLineText } from "./text";

/** An API key as Settings lists it: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the key's first characters (its prefix included), to tell keys apart */
  start: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** ISO instant, or null: it never expires */
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  /** the member who created it (whose role bounds what it may do); null once they have deleted their account */
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/api-keys */
export const createApiKeyBodySchema = z.object({
  name: singleLineText("Name", { required: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_KEY_SCOPES), { error: API_KEY_MESSAGES.scopesRequired })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .transform((scopes) => [...new Set(scopes)]),
  /** ISO instant in the future, or null (the default): never */
  expiresAt: z.iso.datetime({ offset: true, error: API_KEY_MESSAGES.expiryInPast }).nullable().default(null),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;
export type CreateApiKeyInput = z.input<typeof createApiKeyBodySchema>;

export const apiKeyListResponseSchema = z.object({ keys: z.array(apiKeySchema) });
/** The new key, with `secret`: the whole key, shown this once and never again. */
export const createApiKeyResponseSchema = z.object({ key: apiKeySchema, secret: z.string() });
export const apiKeyResponseSchema = z.object({ key: apiKeySchema });
