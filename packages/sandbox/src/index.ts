export { AUDIENCE_MAX_COMMENTS, commentId, type SandboxComment } from "./comments";
export { SANDBOX_CLIENT_SECRET, sandboxClientId } from "./kit";
export { followersOn, type PostFigures, postFigures } from "./metrics";
export { facebookCommentId } from "./networks/facebook-comments";
export { instagramCommentId } from "./networks/instagram-comments";
export { linkedinActivityUrn, linkedinCommentUrn } from "./networks/linkedin-comments";
export { drawnMentions, MENTIONS_MAX, xCommentId } from "./networks/twitter-tweets";
export { youtubeReplyId, youtubeThreadId } from "./networks/youtube-comments";
export { personOf } from "./people";
export { defaultReview, type ReviewChange, type ReviewSettings } from "./review";
export {
  createSandbox,
  type FaultOptions,
  NETWORKS,
  type RecordedRequest,
  type Sandbox,
  type SandboxControl,
  type SandboxOptions,
} from "./sandbox";
export type { SeedPost } from "./seed";
