export { SANDBOX_CLIENT_SECRET, sandboxClientId } from "./kit";
export { followersOn, type PostFigures, postFigures } from "./metrics";
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
