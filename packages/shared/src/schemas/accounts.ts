import { z } from "zod";
import { PLATFORMS } from "../constants/platforms";
import { TIKTOK_PRIVACY_LEVELS } from "../constants/posts";
import { singleLineText } from "./text";

export const platformSchema = z.enum(PLATFORMS);

export const ACCOUNT_STATUSES = ["active", "expiring", "expired", "inactive"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** A connected social account as the API returns it: never any token. */
export const socialAccountSchema = z.object({
  id: z.string(),
  platform: platformSchema,
  platformAccountId: z.string(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  followerCount: z.number().int().nonnegative(),
  isActive: z.boolean(),
  /**
   * inactive if disconnected; expired if the token is past its expiry or the network refused it; expiring when
   * access ends for good (reconnectBy) within EXPIRY_WARNING_DAYS; else active
   */
  status: z.enum(ACCOUNT_STATUSES),
  tokenExpiresAt: z.string().nullable(),
  /** when access ends for good unless the owner reconnects (the network gives no way to renew it); else null */
  reconnectBy: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Connected to the built-in sandbox network rather than the real one. */
  sandbox: z.boolean(),
  createdAt: z.string(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

export const accountListResponseSchema = z.object({ accounts: z.array(socialAccountSchema) });
export const accountResponseSchema = z.object({ account: socialAccountSchema });

/** Which networks this server can connect, and whether through the built-in sandbox. */
export const networkSchema = z.object({ platform: platformSchema, available: z.boolean(), sandbox: z.boolean() });
export type Network = z.infer<typeof networkSchema>;
export const networkListResponseSchema = z.object({ networks: z.array(networkSchema) });

export const oauthInitiateResponseSchema = z.object({ authUrl: z.string().url() });
export const oauthCallbackBodySchema = z.object({
  code: singleLineText("Code").min(1).max(2048),
  state: singleLineText("State").min(1).max(512),
});
export type OAuthCallbackBody = z.infer<typeof oauthCallbackBodySchema>;

export const facebookPageSchema = z.object({ id: z.string(), name: z.string(), category: z.string().nullable() });
export type FacebookPage = z.infer<typeof facebookPageSchema>;
export const facebookPagesResponseSchema = z.object({ pages: z.array(facebookPageSchema) });

export const pinterestBoardSchema = z.object({ id: z.string(), name: z.string(), pinCount: z.number().int() });
export type PinterestBoard = z.infer<typeof pinterestBoardSchema>;
export const pinterestBoardsResponseSchema = z.object({ boards: z.array(pinterestBoardSchema) });

/** What TikTok lets this creator post now (creator_info), shown in the composer before posting. */
export const tiktokCreatorSchema = z.object({
  username: z.string().nullable(),
  nickname: z.string().nullable(),
  /** the privacy levels TikTok offers the creator now */
  privacyLevels: z.array(z.enum(TIKTOK_PRIVACY_LEVELS)),
  commentDisabled: z.boolean(),
  duetDisabled: z.boolean(),
  stitchDisabled: z.boolean(),
  maxVideoSeconds: z.number().int().nullable(),
});
export type TikTokCreator = z.infer<typeof tiktokCreatorSchema>;
export const tiktokCreatorResponseSchema = z.object({ creator: tiktokCreatorSchema });

/** A LinkedIn company page (organization) the member administers: its numeric id and its name. */
export const linkedinOrganizationSchema = z.object({ id: z.string(), name: z.string() });
export type LinkedInOrganization = z.infer<typeof linkedinOrganizationSchema>;
export const linkedinOrganizationsResponseSchema = z.object({ organizations: z.array(linkedinOrganizationSchema) });

export const accountProfileResponseSchema = z.object({
  profile: z.object({
    id: z.string(),
    name: z.string().nullable(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    followerCount: z.number().int().nonnegative(),
  }),
});

/** Server-Sent Event payloads on /api/events. */
export const accountEventSchema = z.object({
  type: z.literal("accounts.changed"),
  action: z.enum(["insert", "update", "delete"]),
  account: socialAccountSchema,
});
export type AccountEvent = z.infer<typeof accountEventSchema>;

export const usageResponseSchema = z.object({
  socialAccountsCount: z.number().int(),
  postsThisMonth: z.number().int(),
  limits: z.object({ socialAccounts: z.number().int().nullable(), postsPerMonth: z.number().int().nullable() }),
});
