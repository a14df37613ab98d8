import type { CreatePostInput, MediaFile, SocialAccount } from "@app/shared";

/** What an example documents of a route: its body, query, and answer by status. */
export interface RouteExample {
  body?: unknown;
  querystring?: Record<string, unknown>;
  response?: Record<number, unknown>;
}

const account: SocialAccount = {
  id: "5f0c6a52-8d9e-4f4b-9a53-0c2b7d1e6a10",
  platform: "linkedin",
  platformAccountId: "urn:li:person:8f3kQ2",
  username: "ada-lovelace",
  displayName: "Ada Lovelace",
  avatarUrl: null,
  followerCount: 1204,
  isActive: true,
  status: "active",
  tokenExpiresAt: "2026-09-30T08:00:00.000Z",
  reconnectBy: null,
  lastError: null,
  sandbox: false,
  createdAt: "2026-01-12T09:30:00.000Z",
};

const media: MediaFile = {
  id: "0b6f3c1e-2a7d-4e59-8c1f-3d4a5b6c7d8e",
  filename: "1767225600000.png",
  originalName: "launch.png",
  fileType: "image",
  mimeType: "image/png",
  fileSize: 48213,
  width: 1200,
  height: 630,
  durationSeconds: null,
  sha256: "9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e",
  uploadedFromPlatform: null,
  url: "/api/media/0b6f3c1e-2a7d-4e59-8c1f-3d4a5b6c7d8e/file",
  createdAt: "2026-03-02T10:15:00.000Z",
};

const scheduledPost: CreatePostInput = {
  content: "Our spring release is out: faster uploads and a new calendar.",
  hashtags: ["release"],
  accountIds: [account.id],
  media: [{ id: media.id, aspectRatio: "16:9" }],
  scheduledDate: "2026-04-01",
  scheduledTime: "09:30",
  timezone: "Europe/Paris",
  status: "scheduled",
};

/**
 * Examples of the main /api/v1 routes, shown in the OpenAPI document (http/openapi.ts puts them on the routes'
 * schemas), by `METHOD path` as the routes are registered.
 */
export const PUBLIC_API_EXAMPLES: Readonly<Record<string, RouteExample>> = {
  "POST /api/v1/posts": { body: scheduledPost },
  "GET /api/v1/posts": {
    querystring: { from: "2026-04-01T00:00:00Z", to: "2026-05-01T00:00:00Z", status: "scheduled" },
  },
  "GET /api/v1/accounts": { response: { 200: { accounts: [account] } } },
  "POST /api/v1/media": { response: { 200: { media } } },
  "GET /api/v1/media": { response: { 200: { media: [media] } } },
};
