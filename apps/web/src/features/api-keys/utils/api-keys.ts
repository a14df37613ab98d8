import {
  API_KEY_EXPIRY_PRESET_DAYS,
  API_KEY_MESSAGES,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyBody,
  createApiKeyBodySchema,
} from "@app/shared";
import { addDays, dayIn, startOfDayIn } from "@/lib/time-zone";

const DAY_MS = 86_400_000;

/** When a new key expires: never, a preset number of days from now, or at the end of a chosen day. */
export type ExpiryChoice = "never" | `${(typeof API_KEY_EXPIRY_PRESET_DAYS)[number]}` | "date";

/** The choices of the expiry select, in order, with their words. */
export const EXPIRY_CHOICES: { value: ExpiryChoice; label: string }[] = [
  { value: "never", label: API_KEY_MESSAGES.noExpiry },
  ...API_KEY_EXPIRY_PRESET_DAYS.map((days) => ({
    value: `${days}` as ExpiryChoice,
    label: API_KEY_MESSAGES.expiryDays(days),
  })),
  { value: "date", label: API_KEY_MESSAGES.expiryOnDate },
];

/** The create form: a name, scopes ticked, and the expiry (with its day, YYYY-MM-DD, when "date"). */
export interface ApiKeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
  expiry: ExpiryChoice;
  date: string;
}
export type ApiKeyFormErrors = Partial<Record<"name" | "scopes" | "expiry", string>>;

/** The first day a chosen expiry date may be: tomorrow in the user's zone (a key expiring today is of no use). */
export const firstExpiryDay = (now: Date, zone: string) => addDays(dayIn(now, zone), 1);

/**
 * The instant a choice means: `days` from now, or the end of the chosen day in the user's zone (the start of
 * the next one); null for never, undefined when the chosen day is missing or before tomorrow.
 */
export function expiryInstant(values: Pick<ApiKeyFormValues, "expiry" | "date">, now: Date, zone: string) {
  if (values.expiry === "never") return null;
  if (values.expiry !== "date") return new Date(now.getTime() + Number(values.expiry) * DAY_MS).toISOString();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date) || values.date < firstExpiryDay(now, zone)) return undefined;
  return startOfDayIn(addDays(values.date, 1), zone).toISOString();
}

/** The form's values as the API's body, or the first problem of each field (the shared schema's words). */
export function apiKeyFormToBody(
  values: ApiKeyFormValues,
  now: Date,
  zone: string,
): { ok: true; body: CreateApiKeyBody } | { ok: false; errors: ApiKeyFormErrors } {
  const expiresAt = expiryInstant(values, now, zone);
  const parsed = createApiKeyBodySchema.safeParse({ name: values.name, scopes: values.scopes, expiresAt });
  const errors: ApiKeyFormErrors = {};
  if (expiresAt === undefined) errors.expiry = API_KEY_MESSAGES.expiryInPast;
  if (parsed.success && !errors.expiry) return { ok: true, body: parsed.data };
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] === "scopes" ? "scopes" : issue.path[0] === "expiresAt" ? "expiry" : "name";
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Whether a key has expired at `now` (the server refuses it from its expiry on). */
export const isExpired = (key: Pick<ApiKey, "expiresAt">, now: Date) =>
  key.expiresAt !== null && new Date(key.expiresAt).getTime() <= now.getTime();

/** The MCP server's and the public API's addresses on this origin. */
export const absoluteUrl = (origin: string, path: string) => `${origin.replace(/\/+$/, "")}${path}`;
