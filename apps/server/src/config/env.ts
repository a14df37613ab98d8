import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  API_RATE_LIMIT_DEFAULT,
  API_RATE_LIMIT_WINDOW_MS_DEFAULT,
  PLATFORMS,
  type Platform,
  X_INBOX_READS_PER_ACCOUNT_DEFAULT,
} from "@app/shared";
import { z } from "zod";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** How long a server process trusts a session it has checked, unless SESSION_CACHE_SECONDS says. */
export const SESSION_CACHE_SECONDS = 15;

/** The embedded database's page cache (PostgreSQL's shared_buffers) in MB unless PGLITE_SHARED_BUFFERS_MB says. */
export const PGLITE_SHARED_BUFFERS_MB = 16;

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Relative paths resolve from where the command was started (npm keeps that in INIT_CWD). */
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(z.string().url().optional()),
  /**
   * The embedded database's page cache (PostgreSQL's shared_buffers), in MB. It stays in the server's memory
   * once filled (PGlite's default, 128, is most of its footprint); the OS caches the files beneath it too.
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(PGLITE_SHARED_BUFFERS_MB),
  /** How long a process trusts a session it has checked (session-cache.ts); 0 checks every request. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(SESSION_CACHE_SECONDS),
  APP_SECRET: optionalString.pipe(z.string().min(32, "APP_SECRET must be at least 32 characters").optional()),
  PUBLIC_URL: optionalString.pipe(z.string().url().optional()),
  TRUSTED_ORIGINS: optionalString,
  SMTP_URL: optionalString.pipe(z.string().url().optional()),
  MAIL_FROM: z.string().default("Orbitpost <no-reply@orbitpost.local>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Attempts per minute and IP on each sensitive auth route (sign-in, sign-up, password reset). */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Requests each API key may make per API_RATE_LIMIT_WINDOW_MS (the public API and the MCP server together). */
  API_RATE_LIMIT: z.coerce
    .number()
    .int("API_RATE_LIMIT must be a whole number of requests")
    .positive("API_RATE_LIMIT must be at least 1")
    .default(API_RATE_LIMIT_DEFAULT),
  API_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int("API_RATE_LIMIT_WINDOW_MS must be a whole number of milliseconds")
    .min(1000, "API_RATE_LIMIT_WINDOW_MS must be at least 1000")
    .default(API_RATE_LIMIT_WINDOW_MS_DEFAULT),
  /** Set to true behind a reverse proxy, so client IPs come from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** "0" turns the built-in sandbox networks off (networks without credentials then show as not configured). */
  SANDBOX: z.enum(["0", "1", "true", "false"]).default("1"),
  /**
   * "1" asks LinkedIn for its organization scopes, to post as company pages; only apps approved for LinkedIn's
   * Community Management API get them (a normal app fails to connect with them). Unset: asked of the sandbox
   * (a fully reviewed app) and not of a real app; "0" leaves them out in the sandbox too.
   */
  LINKEDIN_ORGANIZATIONS: z.enum(["0", "1", "true", "false"]).optional(),
  /**
   * The LinkedIn-Version header of every LinkedIn /rest call (YYYYMM). LinkedIn retires each version about a
   * year after its release and answers 426 to a retired or never-released one: move this forward then.
   */
  LINKEDIN_VERSION: z
    .string()
    .regex(/^\d{6}(\.\d{2})?$/, "LINKEDIN_VERSION must look like 202607 (YYYYMM)")
    .default("202607"),
  /**
   * The Pinterest API host. Apps on Pinterest's Trial access must create pins on its sandbox host
   * (api-sandbox.pinterest.com); Standard access uses api.pinterest.com.
   */
  PINTEREST_API_HOST: z.enum(["api.pinterest.com", "api-sandbox.pinterest.com"]).default("api.pinterest.com"),
  /** Where the server reaches itself for sandbox calls; defaults to loopback on PORT. */
  INTERNAL_URL: optionalString.pipe(z.string().url().optional()),
  /** How often connected accounts' tokens are checked and renewed before they expire. */
  REFRESH_SWEEP_SECONDS: z.coerce.number().int().positive().default(60),
  WEB_DIST: z.string().default(path.join(repoRoot, "apps/web/dist")),
  /** "off": this server publishes nothing itself (run `npm run worker` processes instead). */
  PUBLISHING_WORKER: z.enum(["on", "off"]).default("on"),
  /**
   * Results from X, which charges for every read: "light" reads a post's figures at 1 day and 7 days, "full" at
   * every age as the other networks, "off" not at all.
   */
  X_METRICS: z.enum(["off", "light", "full"]).default("light"),
  /**
   * The inbox: posts read from X (replies and mentions) at most a month for each connected X account, as X bills
   * every post read. 0: X's comments are never read.
   */
  X_INBOX_READS_PER_ACCOUNT: z.coerce
    .number()
    .int("X_INBOX_READS_PER_ACCOUNT must be a whole number of posts")
    .min(0, "X_INBOX_READS_PER_ACCOUNT must be 0 (never read X) or more")
    .max(10_000_000, "X_INBOX_READS_PER_ACCOUNT must be at most 10000000")
    .default(X_INBOX_READS_PER_ACCOUNT_DEFAULT),
  /**
   * The inbox's Meta webhooks (Facebook Page comments, Instagram comments): the Verify Token typed in the Meta
   * app's Webhooks settings. Without it (or without a public PUBLIC_URL) the webhook routes answer 404.
   */
  META_WEBHOOK_VERIFY_TOKEN: optionalString.pipe(
    z.string().max(200, "META_WEBHOOK_VERIFY_TOKEN must be at most 200 characters").optional(),
  ),
  /**
   * Days of results history kept: older snapshots of posts (each post's newest kept) and older daily account
   * readings are deleted once a day. 0 keeps them for ever.
   */
  METRICS_RETENTION_DAYS: z.coerce
    .number()
    .int("METRICS_RETENTION_DAYS must be a whole number of days")
    .min(0, "METRICS_RETENTION_DAYS must be 0 (keep for ever) or more")
    .max(36_500, "METRICS_RETENTION_DAYS must be at most 36500 (100 years)")
    .default(0),
  /** How long a worker holds a target it claimed; a stopped worker's targets are taken over after this. */
  PUBLISHING_LEASE_SECONDS: z.coerce.number().positive().default(300),
  /** How long a worker with nothing to do waits before it looks for due posts again. */
  PUBLISHING_POLL_MS: z.coerce.number().int().positive().default(500),
  /** How many targets a worker claims at a time. */
  PUBLISHING_BATCH: z.coerce.number().int().positive().default(16),
  /**
   * How many targets a worker publishes at once (each mostly waits for its network). A text post takes one to two
   * calls (Facebook: the post and its permalink), so at 50 ms a call 64 at once send about 900 a second, and the
   * claims and settles of more targets at a time cost less a post.
   */
  PUBLISHING_CONCURRENCY: z.coerce.number().int().positive().default(64),
  /** Media go to this S3 (or S3-compatible) bucket when set; otherwise to DATA_DIR/media on local disk. */
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  /** e.g. http://127.0.0.1:9000 for MinIO; unset for AWS itself */
  S3_ENDPOINT: optionalString.pipe(z.string().url().optional()),
  /** Without them the AWS SDK's own chain is used (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
  S3_PREFIX: z.string().default(""),
  /**
   * "true" lets webhook endpoints be private addresses (the server's own network: an n8n next to the app, a local
   * receiver in tests); by default they must be public.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Stripe billing needs both; without them billing runs in local test mode (nothing is charged). */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PRICE_ID: optionalString,
  /** The signing secret of the webhook endpoint (whsec_...); without it the webhook route is not served. */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another address for Stripe's API (tests point it at a fake); its protocol, host and port are used. */
  STRIPE_API_BASE: optionalString.pipe(z.string().url().optional()),
});

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  /** undefined: embedded PGlite under dataDir; "memory://": PGlite in memory (tests). */
  databaseUrl: string | undefined;
  /** PGlite only: its shared buffers in MB */
  pgliteSharedBuffersMb: number;
  /** how long a process trusts a session it has checked (0: never) */
  sessionCacheSeconds: number;
  appSecret: string;
  publicUrl: string;
  trustedOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  authRateLimit: number;
  /** requests each API key may make per window (the public API and the MCP server together) */
  apiRateLimit: { max: number; windowMs: number };
  webDist: string;
  trustProxy: boolean;
  sandbox: boolean;
  /**
   * whether LinkedIn is asked for its organization scopes (company pages), from LINKEDIN_ORGANIZATIONS; null when
   * unset (the sandbox is asked, a real app is not)
   */
  linkedinOrganizations: boolean | null;
  /** settings of how the app speaks to some networks (API version, host) */
  networkSettings: NetworkSettings;
  internalUrl: string;
  refreshSweepMs: number;
  /** whether `npm start` runs the publishing worker inside the server */
  publishingWorker: boolean;
  /** how much of X's (paid) metric reads the workers make */
  xMetrics: "off" | "light" | "full";
  /** days of results history kept (0: for ever) */
  metricsRetentionDays: number;
  /** the inbox: X posts read a month per X account (0: none), and the Meta webhooks' verify token */
  inbox: { xReadsPerAccount: number; metaVerifyToken: string | undefined };
  /** the publishing workers' settings: lease of a claim, wait between idle rounds, targets per claim and at once */
  publishing: { leaseMs: number; pollMs: number; batch: number; concurrency: number };
  /** webhooks: whether endpoints may be private addresses (WEBHOOK_ALLOW_PRIVATE_URLS) */
  webhooks: { allowPrivateUrls: boolean };
  /** Where media bytes are kept: S3 when S3_BUCKET is set, else local disk under dataDir/media. */
  media:
    | { kind: "local"; dir: string }
    | {
        kind: "s3";
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
        prefix: string;
      };
  /** Credentials of each network's app, from <NETWORK>_CLIENT_ID / <NETWORK>_CLIENT_SECRET. */
  networks: Partial<Record<Platform, { clientId: string; clientSecret: string }>>;
  /** Stripe when its key and price are set; otherwise the local test-mode billing. */
  billing:
    | { kind: "local" }
    | {
        kind: "stripe";
        secretKey: string;
        priceId: string;
        webhookSecret: string | undefined;
        apiBase: string | undefined;
      };
}

/** How the app speaks to networks whose API has settings of its own. */
export interface NetworkSettings {
  /** LINKEDIN_VERSION: the LinkedIn-Version header */
  linkedinVersion: string;
  /** PINTEREST_API_HOST: where pins are created (the sandbox host for Trial access) */
  pinterestApiHost: "api.pinterest.com" | "api-sandbox.pinterest.com";
}

/** The environment variable prefix of each network's credentials. */
export const NETWORK_ENV_PREFIX: Record<Platform, string> = {
  facebook: "FACEBOOK",
  instagram: "INSTAGRAM",
  twitter: "X",
  linkedin: "LINKEDIN",
  pinterest: "PINTEREST",
  tiktok: "TIKTOK",
  youtube: "YOUTUBE",
};

function readNetworks(source: NodeJS.ProcessEnv): Config["networks"] {
  const networks: Config["networks"] = {};
  for (const platform of PLATFORMS) {
    const prefix = NETWORK_ENV_PREFIX[platform];
    const clientId = source[`${prefix}_CLIENT_ID`]?.trim();
    const clientSecret = source[`${prefix}_CLIENT_SECRET`]?.trim();
    if (!clientId) continue;
    if (!clientSecret)
      throw new ConfigError(`Invalid configuration:\n  ${prefix}_CLIENT_SECRET is required with ${prefix}_CLIENT_ID`);
    networks[platform] = { clientId, clientSecret };
  }
  return networks;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; creates the data dir and, when none is given, a persistent secret. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const base = source.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const extraOrigins = (e.TRUSTED_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim().replace(/\/$/, ""))
    .filter(Boolean);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
    publicUrl,
    trustedOrigins: [...new Set([new URL(publicUrl).origin, ...extraOrigins])],
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    apiRateLimit: { max: e.API_RATE_LIMIT, windowMs: e.API_RATE_LIMIT_WINDOW_MS },
    webDist: path.resolve(base, e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    sandbox: e.SANDBOX === "1" || e.SANDBOX === "true",
    linkedinOrganizations:
      e.LINKEDIN_ORGANIZATIONS === undefined
        ? null
        : e.LINKEDIN_ORGANIZATIONS === "1" || e.LINKEDIN_ORGANIZATIONS === "true",
    networkSettings: { linkedinVersion: e.LINKEDIN_VERSION, pinterestApiHost: e.PINTEREST_API_HOST },
    internalUrl: (e.INTERNAL_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ""),
    networks: readNetworks(source),
    billing: readBilling(e),
    refreshSweepMs: e.REFRESH_SWEEP_SECONDS * 1000,
    publishingWorker: e.PUBLISHING_WORKER === "on",
    xMetrics: e.X_METRICS,
    metricsRetentionDays: e.METRICS_RETENTION_DAYS,
    inbox: { xReadsPerAccount: e.X_INBOX_READS_PER_ACCOUNT, metaVerifyToken: e.META_WEBHOOK_VERIFY_TOKEN },
    publishing: {
      leaseMs: Math.round(e.PUBLISHING_LEASE_SECONDS * 1000),
      pollMs: e.PUBLISHING_POLL_MS,
      batch: e.PUBLISHING_BATCH,
      concurrency: e.PUBLISHING_CONCURRENCY,
    },
    webhooks: { allowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS },
    media: e.S3_BUCKET
      ? {
          kind: "s3",
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // S3-compatible servers reached by an endpoint mostly want path-style addressing.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          prefix: e.S3_PREFIX,
        }
      : { kind: "local", dir: path.join(dataDir, "media") },
  };
}

function readBilling(e: z.infer<typeof envSchema>): Config["billing"] {
  if (!e.STRIPE_SECRET_KEY && !e.STRIPE_PRICE_ID) return { kind: "local" };
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_PRICE_ID)
    throw new ConfigError("Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PRICE_ID are needed together");
  return {
    kind: "stripe",
    secretKey: e.STRIPE_SECRET_KEY,
    priceId: e.STRIPE_PRICE_ID,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiBase: e.STRIPE_API_BASE,
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
