import { API_KEY_NAME_MAX, API_KEYS_PER_WORKSPACE } from "./api-keys";
import { MEDIA_MAX_PIXELS } from "./media";
import { HASHTAG_GROUP_NAME_MAX } from "./post-tools";
import { MAX_HASHTAGS } from "./posts";
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_TIMEOUT_MS, WEBHOOK_URL_MAX, WEBHOOKS_PER_WORKSPACE } from "./webhooks";

/** The spec's user-facing texts: one home for each, used by the server and the web app. */
export const AUTH_MESSAGES = {
  invalidLink: "This link is not valid. Open the link from the e-mail again.",
  passwordsDoNotMatch: "Passwords do not match.",
  missingCredentials: "You must provide either an email or phone number and a password",
  nameRequired: "Please enter your name.",
  invalidEmail: "Please enter a valid e-mail address.",
  emailRequired: "Please enter your e-mail address.",
  passwordRequired: "Please enter your password.",
  passwordTooShort: "Password too short",
  emailTaken: "An account with this e-mail already exists. Sign in instead.",
  signInFailed: "Sign in failed",
  signUpFailed: "Sign up failed",
  resetFailed: "Reset failed",
  signedOut: "Signed out",
  signOutFailed: "Sign out failed",
  notAuthenticated: "Not authenticated",
  resetLinkSent: "Check your e-mail",
  resetLinkSentDescription: "If an account exists for that address, we've sent a link to reset your password.",
  passwordUpdated: "Password updated",
  signUpSuccess: "Account created",
  signUpSuccessDescription: "You can now sign in with your e-mail and password.",
  resetTokenMissing: "This reset link is invalid or has expired. Request a new one.",
  missingFields: "Missing fields",
  passwordsDontMatch: "Passwords don't match",
  currentPasswordIncorrect: "Current password is incorrect",
  updateFailed: "Update failed",
  passwordUpdateFailed: "Failed to update password.",
  tooManyRequests: "Too many attempts. Please wait a moment and try again.",
  passwordTooLong: (max: number) => `Password must be at most ${max} characters.`,
  passwordIsEmail: "Choose a password that is not your e-mail address.",
  passwordTooCommon: "This password is too common. Choose one that is harder to guess.",
  nameTooLong: (max: number) => `Use at most ${max} characters for your name.`,
  imageNotAllowed: "A profile picture cannot be set: leave the image empty.",
} as const;

export const GENERIC_MESSAGES = {
  unexpected: "Something went wrong. Please try again.",
  notFound: "Not found",
  malformedJson: "The request body is not valid JSON.",
  forbiddenOrigin: "This request came from an origin that is not allowed.",
} as const;

/** What the HTTP layer answers to a request it cannot take, whatever the route. */
export const HTTP_MESSAGES = {
  originRequired: "State-changing requests must come from the app: the Origin header is missing.",
  noRoute: (method: string, path: string) => `No route for ${method} ${path}`,
  badUrl: "The address of the request is not valid (a malformed %-escape?).",
  uriTooLong: "The address of the request is too long.",
  headersTooLarge: "The request's headers are too large.",
  requestTimeout: "The request took too long to arrive.",
  unreadableRequest: "The request could not be read.",
  unsupportedMediaType: (type: string) =>
    type
      ? `The request body's type ${type} is not accepted here: send application/json.`
      : "Send the request body as application/json.",
  emptyJson: "The request body is empty, but its type says JSON.",
  jsonTooDeep: (max: number) => `The request body nests objects or arrays more than ${max} levels deep.`,
  payloadTooLarge: "The request body is too large.",
  malformedMultipart: "The upload could not be read: send one file as multipart/form-data.",
  rangeNotSatisfiable: "The requested byte range is outside the file.",
} as const;

export const ACCOUNT_MESSAGES = {
  limitReached: (n: number) =>
    `You've reached your limit of ${n} social accounts. Upgrade to Premium for unlimited accounts.`,
  limitCheckFailed: "Error checking account limits",
  initiateFailed: (message: string) => `Failed to initiate OAuth: ${message}`,
  noAuthUrl: "No authorization URL received",
  noPlatform: "No platform found in callback",
  completeFailed: (message: string) => `Failed to complete OAuth: ${message}`,
  refreshFailed: (message: string) => `Failed to refresh token: ${message}`,
  disconnectFailedWith: (message: string) => `Failed to disconnect account: ${message}`,
  unsupportedPlatform: (platform: string) => `Unsupported platform: ${platform}`,
  oauthError: (error: string) => `OAuth error: ${error}`,
  /** LinkedIn's unauthorized_scope_error: the app asked for a permission none of its LinkedIn products grants */
  scopeNotAuthorized:
    "LinkedIn refused a permission this server's LinkedIn app is not approved for. Company pages need LinkedIn's Community Management API: add that product to the app, or set LINKEDIN_ORGANIZATIONS=0 and connect again.",
  noCode: "No authorization code received",
  oauthErrorTitle: "OAuth Error",
  connectFailed: (platform: string) => `Failed to connect to ${platform}. Please try again.`,
  connectionFailedTitle: "Connection Failed",
  disconnectedTitle: "Account Disconnected",
  disconnected: "Account has been successfully disconnected.",
  disconnectFailedTitle: "Disconnect Failed",
  disconnectFailed: "Failed to disconnect account. Please try again.",
  invalidState: "This connection request is invalid or has expired. Please start again.",
  notConfigured: (platform: string) => `${platform} is not configured on this server.`,
  tokenRejected: "The network no longer accepts this connection. Reconnect the account.",
  pagesFailed: (message: string) => `Failed to get Facebook pages: ${message}`,
  boardsFailed: (message: string) => `Failed to get Pinterest boards: ${message}`,
  tiktokCreatorFailed: (message: string) => `Failed to get the TikTok account's posting options: ${message}`,
  organizationsFailed: (message: string) => `Failed to get LinkedIn company pages: ${message}`,
  organizationPermissions:
    "Posting as a company page needs LinkedIn's organization permissions: reconnect LinkedIn after your administrator enables them.",
  profileFailed: (message: string) => `Failed to get LinkedIn profile: ${message}`,
  accountNotFound: "Account not found",
  accountGone: "This account was disconnected. Reconnect it to publish to it.",
  noAccounts: "No accounts connected",
  refreshBusy: "The account's tokens are being renewed. Please try again in a moment.",
} as const;

/** Accounts whose access ends for good on a known day: the owner is warned to reconnect before it. */
export const EXPIRY_MESSAGES = {
  badge: "Expires soon",
  badgeTitle: (when: string) => `Stops working on ${when} unless you reconnect it`,
  cardLine: (when: string) => `Stops working on ${when}: reconnect it before then to keep publishing.`,
  notificationTitle: (network: string) => `Reconnect your ${network} account`,
  /** `why` is one of the reasons below */
  notification: (network: string, name: string, when: string, why: string) =>
    `Your ${network} account "${name}" stops working on ${when}: ${why} Reconnect it before then to keep publishing.`,
  noRenewal: (network: string) => `${network} gives apps no way to renew its access.`,
  renewalEnds: (network: string) =>
    `${network} lets apps renew its access only for a limited time after you connect it.`,
  reconnectLink: "Reconnect in Connected Accounts",
  toastAction: "Reconnect",
} as const;

/** Subscription, checkout and portal (spec sections 7 and 8 "Subscription"). */
export const BILLING_MESSAGES = {
  checkoutFailed: "Failed to create checkout session. Please try again.",
  portalFailed: "Failed to open customer portal. Please try again.",
  alreadySubscribed: "You already have a Premium subscription. Manage it from the billing portal.",
  noSubscription: "You have no subscription to manage yet. Upgrade to Premium first.",
  notSubscribed: "Your Premium subscription has ended. Upgrade to Premium to start a new one.",
  notCanceling: "Your subscription is not set to end: there is nothing to resume.",
  sessionInvalid: "This billing session is invalid or has expired. Please start again.",
  sessionWrongKind: "This billing session cannot do that.",
  invalidSignature: "The webhook signature could not be verified.",
  providerUnavailable: "The billing provider could not be reached. Please try again.",
  checkoutSuccess: "Welcome to Premium! Your subscription is now active.",
  checkoutCanceled: "Checkout was canceled. You have not been charged.",
  testModeTitle: "Test mode",
  testMode: "Billing runs in test mode on this server: no card is asked for and nothing is charged.",
} as const;

export const POST_MESSAGES = {
  noWorkerTitle: "Posts are not going out",
  noWorker:
    "No publishing worker is running, so scheduled posts wait. Start the server with PUBLISHING_WORKER=on, or run npm run worker.",
  nothingToRetry: "Nothing of this post failed: there is nothing to send again.",
  retriedTitle: "Sending Again",
  retried: "The networks that failed will be tried again now.",
  retryFailed: "Failed to send the post again. Please try again.",
  authRequiredTitle: "Authentication Required",
  draftAuthRequired: "Please log in to save drafts.",
  scheduleAuthRequired: "Please log in to schedule posts.",
  createAuthRequired: "User must be authenticated to create scheduled posts",
  nothingToSaveTitle: "Nothing to Save",
  nothingToSave: "Please add some content before saving as draft.",
  contentRequiredTitle: "Content Required",
  contentRequired: "Please enter some content for your post.",
  noPlatformsTitle: "No Platforms Selected",
  noPlatforms: "Please select at least one platform to schedule to.",
  scheduleTimeRequiredTitle: "Schedule Time Required",
  scheduleTimeRequired: "Please select both date and time for scheduling.",
  facebookPageRequiredTitle: "Facebook Page Required",
  facebookPageRequired: "Please select a Facebook page to post to.",
  companyPageRequiredTitle: "Company Page Required",
  companyPageRequired: "Please choose the LinkedIn company page to post as.",
  textTooLongTitle: "Content Too Long",
  tooManyFilesTitle: "Too Many Files",
  tooManyFiles: (n: number) => `You can attach at most ${n} files to a post.`,
  pastTimeTitle: "Schedule Time Passed",
  pastTime: "Please choose a date and time in the future.",
  unknownAccountTitle: "Account Not Available",
  unknownAccount: "One of the chosen accounts is not connected any more. Please choose your platforms again.",
  limitTitle: "Monthly Limit Reached",
  limitReached: (n: number) =>
    `You've reached your monthly limit of ${n} posts. Upgrade to Premium for unlimited posting.`,
  limitCheckFailed: "Error checking posting limits",
  notEditable: "This post has started publishing and can no longer be changed.",
  notDeletable: "This post is going out right now. Delete it once it has finished publishing.",
  notFound: "Post not found",
  createFailed: (message: string) => `Failed to create scheduled post: ${message}`,
  fetchFailed: (message: string) => `Failed to fetch scheduled posts: ${message}`,
  updateFailed: (message: string) => `Failed to update scheduled post: ${message}`,
  deleteFailedWith: (message: string) => `Failed to delete scheduled post: ${message}`,
  listFailedTitle: "Error",
  listFailed: "Failed to load scheduled posts. Please try again.",
  deletedTitle: "Post Deleted",
  deleted: "The scheduled post has been deleted successfully.",
  deleteFailed: "Failed to delete the post. Please try again.",
  rescheduledTitle: "Post Rescheduled",
  movedTo: (date: string, time: string) => `Post moved to ${date} at ${time}`,
  rescheduleFailed: "Failed to reschedule post. Please try again.",
  publishedTitle: "Post Published",
  queued: "It is on its way to your networks now.",
  publishFailed: "Failed to publish post. Please try again.",
  draftFailed: "Failed to save draft.",
  scheduleFailed: "Failed to schedule post.",
  draftSavedTitle: "Draft Saved",
  draftSaved: "Your draft has been saved.",
  scheduledTitle: "Post Scheduled",
  scheduledFor: (date: string, time: string) => `Your post will go out on ${date} at ${time}.`,
  /** the composer, editing a post scheduled in another zone than the user's: it keeps its own */
  ownTimeZone: (zone: string) => `This post's date and time are in ${zone}, the time zone it was scheduled in.`,
  confirmPublish: "Are you sure you want to publish this post now?",
  confirmDelete: "Are you sure you want to delete this scheduled post?",
  confirmDeleteDraft: "Are you sure you want to delete this draft?",
  confirmDeletePost: "Are you sure you want to delete this post?",
  deleteKeepsPublished: "It is removed from Orbitpost only: what already went out stays on your networks.",
  deletedOther: "The post has been deleted successfully.",
  resendNote: (published: string, failed: string) =>
    `Already published on ${published}. Saving sends this post again only to ${failed}.`,
  resendAllNote: "Publishing failed. Saving sends this post again to its networks.",
  linkedPostGoneTitle: "Post not found",
  linkedPostGone: "This post has been deleted since.",
  noAccountsTitle: "No social accounts connected",
  pinterestNote: "Pinterest needs an image: one image makes a pin, two to five make a carousel pin (no video pins).",
  facebookPagesLoading: "Loading all Facebook pages...",
  facebookPagesEmpty: "No Facebook pages found",
  facebookPagesEmptyHint: "Make sure you have pages that you manage on Facebook.",
  facebookPagesFailed: "Failed to load Facebook pages. Please try again.",
  companyPagesLoading: "Loading your company pages...",
  companyPagesEmpty: "No company pages found",
  companyPagesEmptyHint: "Only pages you administer on LinkedIn can be posted as.",
  companyPagesFailed: "Failed to load your LinkedIn company pages.",
} as const;

export const MEDIA_MESSAGES = {
  uploadedTitle: "File Uploaded",
  uploaded: (file: string) => `${file} has been added to your media library.`,
  uploadFailedTitle: "Upload Failed",
  uploadFailed: "Failed to upload file. Please try again.",
  deletedTitle: "File Deleted",
  deleted: (file: string) => `${file} has been deleted.`,
  deleteFailedTitle: "Delete Failed",
  deleteFailed: "Failed to delete file. Please try again.",
  tooLargeTitle: "File Too Large",
  tooLarge: (file: string) => `${file} is larger than 50MB limit.`,
  invalidTypeTitle: "Invalid File Type",
  invalidType: (file: string) => `${file} is not a valid image or video file.`,
  tooManyPixelsTitle: "Image Too Large",
  tooManyPixels: (file: string, width: number, height: number) =>
    `${file} is ${width} × ${height} pixels: images may have at most ${MEDIA_MAX_PIXELS / 1_000_000} megapixels.`,
  deleteConfirm: (file: string) => `Are you sure you want to delete "${file}"? This action cannot be undone.`,
  emptyTitle: "No media files yet",
  emptyDescription: "Upload your first media file to get started",
  notAuthenticated: "User not authenticated",
  notFound: "Media file not found",
  noFile: "Choose a file to upload.",
  listFailed: "Failed to load your media files. Please try again.",
  readFailed: "The file could not be read from storage. Please try again.",
  /** A post names media the user does not have (any more). */
  missingInPost: "Some media of this post are no longer in your media library.",
} as const;

export const PUBLISH_MESSAGES = {
  unconfirmed: (network: string) =>
    `Publishing to ${network} was interrupted, and ${network} cannot be asked whether the post went out. Check your ${network} account before trying again.`,
  unexpected: "Publishing stopped on an unexpected error.",
  gaveUp: (attempts: number, message: string) => `Gave up after ${attempts} attempts: ${message}`,
  pinterestImageTitle: "Pinterest Requires an Image",
  pinterestImage: "Pinterest requires an image to create a pin. Please add an image or deselect Pinterest.",
  untitledPin: "Untitled Pin",
  untitledVideo: "Untitled Video",
  tiktokVideoTitle: "TikTok Requires a Video",
  tiktokVideo: "TikTok needs a video file. Please add a video or deselect TikTok.",
  youtubeVideoTitle: "YouTube Requires a Video",
  youtubeVideo: "YouTube needs a video file. Please add a video or deselect YouTube.",
  instagramMediaTitle: "Instagram Requires Media",
  instagramMedia: "Instagram needs an image or a video. Please add one or deselect Instagram.",
  facebookEmpty: "Please provide at least a message, link, or picture.",
  linkedinDuplicate: "LinkedIn refused a duplicate of an earlier post. Change the text to post it again.",
  allPublishedTitle: "Posts Published Successfully!",
  allPublished: (networks: string) => `Your post is live on ${networks}.`,
  partialTitle: "Partially Published",
  partial: (failed: string) => `Publishing failed on ${failed}. You can retry those networks from the scheduler.`,
  failedTitle: "Publishing Failed",
  errorTitle: "Publishing Error",
  stillGoingTitle: "Still Publishing",
  stillGoing: "Your post is on its way. The scheduler shows each network's result as it comes.",
} as const;

/** The per-network post dialogs of Connected Accounts (spec section 5 "Per-platform forms", section 8 toasts). */
export const QUICK_POST_MESSAGES = {
  checkTitle: "Please check your post",
  linkedinFailedTitle: "Posting Failed",
  pinterestFailedTitle: "Failed to Create Pin",
  twitterFailedTitle: "Post Failed",
  facebookFailedTitle: "Failed to publish post. Please try again.",
  publishedTitle: "Post Published",
  pinCreatedTitle: "Pin Created",
  published: (network: string) => `Your post is live on ${network}.`,
  pinCreated: "Your pin is live on Pinterest.",
  missingFieldsTitle: "Missing Required Fields",
  missingPinFields: "A pin needs a title and an image.",
  pinTitleRequired: "Please enter a title for your pin.",
  pinImageRequired: "Please enter the address of the pin's image, or choose one from your library.",
  pinImageOnly: "A pin is made from an image: please choose an image, not a video.",
  tooLong: (limit: number) => `Use at most ${limit} characters.`,
  boardsLoading: "Loading boards…",
  boardsFailedTitle: "Error Loading Boards",
  boardsFailed: "You can still create the pin without choosing a board: it goes on your first board.",
  tweetRequired: "Tweet text is required",
  facebookNeedsOne: "Add a message, a link or a picture: at least one of them.",
  facebookLinkWins: "A link is given, so this picture is ignored: Facebook shows the link's preview instead.",
} as const;

export const NOTIFICATION_MESSAGES = {
  publishFailed: (network: string) => `Publishing failed on ${network}`,
  publishUnconfirmed: (network: string) => `Check your post on ${network}`,
  /**
   * Each kind's title (the server's NOTIFICATION_TITLES picks one by kind): `network` is the platform's label
   * ("your network" when none), `actor` the name of the member who did it ("Someone" when none), `count` how
   * many for the grouped kinds.
   */
  postPublished: (network: string) => `Published on ${network}`,
  accountExpiring: (network: string) => `Your ${network} account expires soon`,
  accountExpired: (network: string) => `Your ${network} account has expired`,
  accountReconnect: (network: string) => `Reconnect your ${network} account`,
  webhookDisabled: "A webhook endpoint was turned off",
  invitationReceived: (actor: string) => `${actor} invited you to a workspace`,
  ownershipReceived: (actor: string) => `${actor} made you the owner of a workspace`,
  approvalRequested: (actor: string) => `${actor} asked you to approve a post`,
  postApproved: (actor: string) => `${actor} approved your post`,
  postRejected: (actor: string) => `${actor} asked for changes to your post`,
  taskAssigned: (actor: string) => `${actor} assigned you a task`,
  taskDue: "A task of yours is due",
  trialEnding: "Your Premium trial ends soon",
  paymentFailed: "Your payment failed",
  newComments: (count: number, network: string) => `${count} new ${count === 1 ? "comment" : "comments"} on ${network}`,
  newLikes: (count: number, network: string) => `${count} new ${count === 1 ? "like" : "likes"} on ${network}`,
  newShares: (count: number, network: string) => `${count} new ${count === 1 ? "share" : "shares"} on ${network}`,
  newFollowers: (count: number, network: string) =>
    `${count} new ${count === 1 ? "follower" : "followers"} on ${network}`,
  /** account_expired's message */
  accountEnded: (network: string, name: string) =>
    `Your ${network} account "${name}" no longer works: its access has ended. Reconnect it to keep publishing.`,
  /** who did it when no member is named */
  someone: "Someone",
  /** the network when none is named */
  yourNetwork: "your network",
  markAllRead: "Mark All as Read",
  allRead: "All notifications are marked as read.",
  markFailed: "Failed to mark notifications as read. Please try again.",
  listFailed: "Failed to load notifications. Please try again.",
  notFound: "Notification not found",
  emptyTitle: "You're all caught up",
  emptyDescription:
    "Failed posts, accounts to reconnect, your team's requests and your posts' engagement will show up here.",
  /** the Notifications screen with a filter that matches nothing */
  emptyFiltered: "No notifications match these filters.",
  clearFilters: "Clear filters",
  /** the Notifications screen's description under its title */
  screenDescription: "What happened to your posts, accounts, team and plan, newest first.",
} as const;

/**
 * The details (`message`) the team, billing and engagement notifications are written with; the reviewer's
 * comment of a rejection is its own message.
 */
export const NOTIFICATION_DETAIL_MESSAGES = {
  approvalRequested: "A post is waiting for your approval.",
  postApproved: (when: string) => `Your post is scheduled for ${when}.`,
  taskAssigned: (title: string) => title,
  taskDue: (title: string) => `"${title}" is due today.`,
  /** a task whose due day passed before it was reminded (created late, or no server ran that day) */
  taskOverdue: (title: string, day: string) => `"${title}" was due on ${day}.`,
  /** the accept link is secret: it is only in the e-mail */
  invitationReceived: (workspace: string, role: string) =>
    `You are invited to join ${workspace} as ${role}. Open the invitation e-mail to accept it.`,
  ownershipReceived: (workspace: string) =>
    `You are now the owner of ${workspace}: its plan, its billing and its deletion are in your hands.`,
  trialEnding: (day: string) => `Your Premium trial ends on ${day}. Add a payment method to keep Premium.`,
  paymentFailed: "We could not take the payment for Premium. Update your payment method to keep Premium.",
  newLikes: (total: number) => `Your post has ${total} ${total === 1 ? "like" : "likes"} now.`,
  newComments: (total: number) => `Your post has ${total} ${total === 1 ? "comment" : "comments"} now.`,
  newShares: (total: number) => `Your post has ${total} ${total === 1 ? "share" : "shares"} now.`,
  newFollowers: (total: number) => `Your account has ${total} ${total === 1 ? "follower" : "followers"} now.`,
  /** new_comments told by the inbox, which quotes the newest comment (or mention) collected */
  newComment: (author: string, text: string) => `${author} commented: "${text}"`,
  newMention: (author: string, text: string) => `${author} mentioned your account: "${text}"`,
} as const;

/** Refusals of malformed input, whatever the route. */
export const INPUT_MESSAGES = {
  /** NUL and other control characters: `field` is the field's name as the user knows it ("Content") */
  cannotStore: (field: string) => `${field} contains characters that cannot be stored.`,
} as const;

export const WORKSPACE_MESSAGES = {
  /** A 403: the member's role does not allow it; names the roles that do. */
  notAllowed: (roles: readonly string[]) =>
    `Your role in this workspace does not allow this. Ask ${roles.length ? `an ${roles.join(" or ")}` : "the owner"}.`,
  nameRequired: "Give the workspace a name.",
  nameTooLong: "A workspace name can be at most 100 characters.",
  nothingToChange: "Say what to change: the workspace's name or whether posts need approval.",
  unknownRole: "Choose a role: admin, editor or contributor.",
  /** Invite Member on the Free plan (the server's refusal and the screen's notice) */
  teamIsPremium:
    "Team collaboration is a Premium feature: on the Free plan a workspace has its owner only. Upgrade to invite members.",
  alreadyMember: "This person is already a member of the workspace.",
  alreadyInvited: "This person already has a pending invitation. Resend it instead.",
  invitationNotFound: "This invitation does not exist or was cancelled.",
  invitationExpired: "This invitation has expired. Ask for a new one.",
  invitationUsed: "This invitation has already been accepted.",
  invitationForSomeoneElse: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that e-mail address to accept it.`,
  ownerRoleFixed:
    "The owner's role cannot be changed, and the owner cannot be removed. The owner can make another member the owner instead.",
  /** Team → Members → Make owner: the owner hands the workspace to another member and becomes an admin */
  makeOwner: "Make owner",
  makeOwnerTitle: (name: string) => `Make ${name} the owner?`,
  makeOwnerDescription: (name: string, workspace: string) =>
    `${name} becomes the owner of ${workspace}: its plan, billing and deletion. You stay in the workspace as an admin. Only the new owner can undo this.`,
  ownershipTransferred: (name: string) => `${name} is now the owner. You are an admin of this workspace.`,
  alreadyOwner: "This member is already the owner.",
  workspaceNotFound: "This workspace does not exist or you are no longer a member of it.",
  memberNotFound: "This person is not a member of the workspace.",
  personalCannotBeDeleted: "Your personal workspace stays as long as your account: it cannot be deleted.",
  cancelSubscriptionFirst:
    "This workspace's Premium subscription renews: cancel it first (Premium → Manage subscription), then delete the workspace.",
} as const;

export const TASK_MESSAGES = {
  titleRequired: "Give the task a title.",
  titleTooLong: "A task title can be at most 200 characters.",
  descriptionTooLong: "A task description can be at most 5000 characters.",
  assigneeNotMember: "The assignee must be a member of this workspace.",
  postNotFound: "The linked post does not exist in this workspace.",
  notFound: "Task not found.",
  notYours: "You can change only the tasks you created or that are assigned to you. Ask an owner, admin or editor.",
} as const;

export const APPROVAL_MESSAGES = {
  /** a Contributor (or an Editor where posts need approval) tried to schedule or publish */
  needsApproval: "Posts you write in this workspace need approval: submit it for approval instead.",
  notPending: "This post is not waiting for approval.",
  /** an Editor whose posts need approval tried to approve their own submission */
  ownSubmission: "You submitted this post: another approver reviews it.",
  timePassed: "This post's time has passed. Choose a new date and time to approve it.",
  commentRequired: "Write a comment saying what to change.",
  commentTooLong: "A comment can be at most 2000 characters.",
  /** the web app's words for the approval steps */
  submittedTitle: "Submitted for approval",
  submitted: "An approver reviews it before it is scheduled; their comments appear on the post.",
  submitFailed: "Couldn't submit the post for approval.",
  approvedTitle: "Post approved",
  approvedFor: (date: string, time: string) => `It is scheduled for ${date} at ${time}.`,
  approveFailed: "Couldn't approve the post.",
  rejectedTitle: "Changes requested",
  rejected: "The post is back to draft with your comment.",
  rejectFailed: "Couldn't send the post back.",
  commentFailed: "Couldn't add the comment.",
  queueEmpty: "Nothing waiting for approval",
  queueForSubmitters: "Posts you submit appear here until an approver reviews them.",
} as const;

/** Results: Dashboard, Analytics, Engagement, the weekly card, the best times (issue 19). */
export const RESULTS_MESSAGES = {
  historyIsPremium:
    "The Free plan shows the last 30 days. Upgrade to Premium for your full history and advanced analytics.",
  advancedIsPremium:
    "Per-post results, export and best times to post are part of Premium's advanced analytics and reporting. Upgrade to Premium to use them.",
  rangeIncomplete: "Choose both a start and an end date.",
  daysInvalid: "Choose 7, 30 or 90 days.",
  daysOrDates: "Choose a number of days or a start and end date, not both.",
  rangeReversed: "The start date must be on or before the end date.",
  rangeTooLong: "Choose a range of at most 5 years.",
  zoneInvalid: "Unknown time zone.",
  accountNotFound: "Account not found.",
  postNotFound: "Post not found.",
  noData: "No Analytics Data",
  failed: "Failed to load results",
} as const;

/** Settings → Profile (issue 20). */
export const PROFILE_MESSAGES = {
  nameRequired: "Please enter your full name.",
  nameTooLong: "Use at most 100 characters for your name.",
  timezoneInvalid: "Unknown time zone.",
  avatarNote: "JPG, GIF or PNG. 1MB max.",
  avatarTooLarge: "The avatar is too large: 1MB max.",
  avatarType: "The avatar must be a JPG, GIF or PNG image.",
  saved: "Profile updated",
  emailSame: "That is already your e-mail address.",
  emailTaken: "Another account uses that e-mail address.",
  emailLinkSent: (email: string) => `We sent a link to ${email}. Your address changes once you open it.`,
  /** the calendar's note when the profile's time zone is not the browser's (every screen shows times in it) */
  timesInProfileZone: (zone: string) => `Times are in ${zone}, the time zone of your profile.`,
  changeTimeZone: "Change",
  changeTimeZoneLabel: "Change your time zone in Settings",
} as const;

/** Settings → Notifications and the e-mails' unsubscribe page (issue 20). */
export const NOTIFICATION_PREFERENCE_MESSAGES = {
  title: "Notifications",
  description:
    "Choose how you hear about each kind of notification: by e-mail and in the app, in the app only, or not at all.",
  channelLabels: { email: "E-mail", in_app: "In app", off: "Off" },
  save: "Save Preferences",
  saved: "Preferences saved",
  saveFailed: "Failed to save preferences. Please try again.",
  loadFailed: "Failed to load preferences. Please try again.",
  /** the kind names of NOTIFICATION_KINDS, as the settings and the daily digest show them */
  kindLabels: {
    post_published: "Post published",
    publish_failed: "Publishing failed",
    publish_unconfirmed: "Post to check",
    account_expiring: "Account access expiring",
    account_expired: "Account access expired",
    account_reconnect: "Account to reconnect",
    webhook_disabled: "Webhook turned off",
    invitation_received: "Invitation received",
    ownership_received: "Workspace ownership received",
    approval_requested: "Approval requested",
    post_approved: "Post approved",
    post_rejected: "Post rejected",
    task_assigned: "Task assigned",
    task_due: "Task due",
    trial_ending: "Trial ending",
    payment_failed: "Payment failed",
    new_comments: "New comments",
    new_likes: "New likes",
    new_shares: "New shares",
    new_followers: "New followers",
  },
  unsubscribeTitle: "Unsubscribe",
  unsubscribeConfirm: "Stop receiving these e-mails? You will still see them in the app.",
  unsubscribeButton: "Unsubscribe",
  unsubscribed: (kind: string) =>
    `You will no longer receive e-mails about "${kind}". You can change this in Settings → Notifications.`,
  unsubscribeInvalid: "This unsubscribe link is invalid.",
  unsubscribeFailed: "Failed to unsubscribe. Please try again.",
  /** a POST to the one-click address (RFC 8058) without its body */
  oneClickBodyRequired: 'A one-click unsubscribe sends the form field "List-Unsubscribe=One-Click".',
  digestSubject: (n: number) => `Your daily digest: ${n} new ${n === 1 ? "notification" : "notifications"}`,
  digestIntro: "Here is what happened on your networks since yesterday.",
  openInApp: "Open in the app",
  emailReason: (kind: string) =>
    `You receive this e-mail because "${kind}" is set to E-mail in your notification preferences.`,
} as const;

/** Settings → Account (issue 20). */
export const USER_ACCOUNT_MESSAGES = {
  passwordRequired: "Please enter your password.",
  confirmDelete: "Type DELETE to confirm.",
  soleOwner: (workspace: string) =>
    `You are the only owner of "${workspace}": make another member its owner, or delete the workspace, first.`,
  deleted: "Your account has been deleted.",
  passwordIncorrect: "Your password is incorrect.",
  cancelSubscriptionFirst: (workspace: string) =>
    `The Premium subscription of "${workspace}" renews: cancel it first (Premium → Manage subscription), then delete your account.`,
  exportFailed: "The export could not be made. Try again.",
} as const;

/** Settings → Security: two-factor sign-in and active sessions (issue 20). */
export const SECURITY_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app.",
  codeFormat: "The code is the 6 digits your authenticator app shows.",
  backupCodeRequired: "Enter one of your backup codes.",
  invalidCode: "That code is not right. Check your authenticator app and try again.",
  invalidBackupCode: "That backup code is not right, or it has been used already.",
  challengeExpired: "This sign-in has expired. Enter your e-mail and password again.",
  tooManyCodeAttempts: "Too many wrong codes. Enter your e-mail and password again.",
  locked: "Too many wrong codes: two-factor sign-in is locked for 15 minutes. Try again later.",
  passwordIncorrect: "Your password is incorrect.",
  alreadyEnabled: "Two-factor authentication is already on.",
  notEnabled: "Two-factor authentication is off.",
  enabled: "Two-factor authentication is on",
  disabled: "Two-factor authentication is off",
  backupCodesNew: "New backup codes made: the old ones no longer work.",
  sessionNotFound: "Session not found.",
  currentSession: "This is the session you are using: sign out from the sidebar instead.",
  sessionRevoked: "Signed out of that session",
  otherSessionsRevoked: "Signed out of all other sessions",
} as const;

/** Engagement → Inbox (issue 21). */
export const INBOX_MESSAGES = {
  title: "Inbox",
  description: "Comments on your posts and mentions of your accounts, from every network that gives them to apps.",
  emptyTitle: "No conversations here",
  emptyOpen: "Nothing waiting for an answer. New comments on your published posts appear here as they come in.",
  emptyFiltered: "No conversations match these filters.",
  loadFailed: "Failed to load the inbox. Please try again.",
  conversationNotFound: "Conversation not found.",
  messageNotFound: "That message is not in this conversation.",
  accountNotFound: "Account not found.",
  nothingToChange: "Say what to change: the status or the assignee.",
  assigneeNotMember: "The assignee must be a member of this workspace.",
  replyRequired: "Write a reply.",
  replyTooLong: (max: number) => `A reply on this network can be at most ${max} characters.`,
  replyNotOffered: (network: string) => `${network} does not let apps reply to comments.`,
  actionNotOffered: (network: string, action: string) => `${network} does not let apps ${action} comments.`,
  noteRequired: "Write a note.",
  noteTooLong: "A note can be at most 2000 characters.",
  accountUnusable: "This account needs to be reconnected before it can reply.",
  /** like, hide or delete: the account's connection no longer works */
  accountUnusableForActions:
    "This account needs to be reconnected before its comments can be liked, hidden or deleted.",
  /** like or hide asked of a reply written by the account itself */
  ownMessageAction: "Your account's own replies cannot be liked or hidden.",
  messageDeleted: "This message was deleted.",
  /** the network refused a like, hide or delete: its own words follow */
  actionFailed: (message: string) => `The network did not take this action: ${message}`,
  replyQueued: "Reply sent to the network",
  replyFailed: "The reply could not be sent",
  replyUnconfirmed:
    "The network did not confirm this reply and cannot be asked: check the conversation on the network before writing it again.",
  markedDone: "Marked as done",
  reopened: "Opened again",
  /** why an account's comments are not read (INBOX_SOURCE_STATES), shown beside the account */
  sourceStates: {
    ok: "Comments are collected.",
    scope: "This account's connection does not allow reading comments: reconnect it to allow it.",
    tier: "The app's access level with this network does not include reading comments.",
    budget: "This month's read budget for X is spent: new replies and mentions are read again next month.",
    unsupported: "This network's API does not give apps comments.",
    error: "The last attempt to read comments failed; it is tried again shortly.",
  },
  /** Meta's webhooks (the network calls them, not a person): why one is refused */
  webhookSignatureRequired: "This webhook must be signed with the X-Hub-Signature-256 header.",
  webhookSignatureInvalid: "The webhook's signature does not match its body.",
  webhookVerifyRefused: "The verify token does not match the one this app was given.",
  webhookChallengeInvalid: "hub.challenge is missing or not a token Meta sends.",
} as const;

/** The Campaigns screen (issue 22). */
export const CAMPAIGN_MESSAGES = {
  nameRequired: "Give the campaign a name.",
  nameTooLong: "A campaign name can be at most 100 characters.",
  descriptionTooLong: "A campaign description can be at most 2000 characters.",
  colorUnknown: "Choose one of the campaign colours.",
  dateFormat: "Use a date written YYYY-MM-DD.",
  datesReversed: "The end date must be on or after the start date.",
  notFound: "Campaign not found.",
  postNotFound: "The post does not exist in this workspace.",
  /** a post saved with a campaign that is not one of its workspace's */
  postCampaignUnknown: "The campaign does not exist in this workspace.",
  noPostsChosen: "Choose at least one post to add.",
  created: "Campaign created",
  saved: "Campaign saved",
  deleted: "Campaign deleted. Its posts stay, without a campaign.",
  listFailed: "Failed to load campaigns. Please try again.",
  emptyTitle: "No campaigns yet",
  emptyDescription: "Group posts under a campaign to follow their dates and results together.",
  utmHelp:
    "Links in this campaign's posts get utm_source (the network), utm_medium=social and utm_campaign when they go out. Links that already carry UTM parameters are left as they are.",
} as const;

/** Saved hashtag groups (issue 23). */
export const HASHTAG_GROUP_MESSAGES = {
  nameRequired: "Give the hashtag group a name.",
  nameTooLong: `A hashtag group's name can be at most ${HASHTAG_GROUP_NAME_MAX} characters.`,
  nameTaken: (name: string) => `A hashtag group named “${name}” already exists. Choose another name.`,
  hashtagsRequired: "Add at least one hashtag to the group.",
  tooManyHashtags: `A hashtag group can hold at most ${MAX_HASHTAGS} hashtags.`,
  tooManyGroups: (n: number) => `A workspace can save at most ${n} hashtag groups. Delete one you no longer use.`,
  notFound: "Hashtag group not found.",
  listFailed: "Failed to load hashtag groups. Please try again.",
  empty: "No saved groups yet. Add hashtags to the post, then save them as a group.",
  saved: "Hashtag group saved",
  deleted: "Hashtag group deleted",
  deleteFailed: "Failed to delete the hashtag group.",
  added: (n: number, name: string) => (n === 1 ? `Added 1 hashtag from ${name}.` : `Added ${n} hashtags from ${name}.`),
  nothingNew: (name: string) => `Every hashtag of ${name} is already in the post.`,
  /** some of the group's hashtags were left out: the post reached its limit */
  capped: (added: number, left: number, max: number) =>
    `A post can have at most ${max} hashtags: ${added} added, ${left} left out.`,
  cappedTitle: "Hashtag limit reached",
  saveCurrentEmpty: "Add hashtags to the post first, then save them as a group.",
  confirmDelete: (name: string) => `Delete the hashtag group “${name}”?`,
  confirmDeleteDetail: "Posts that already use its hashtags keep them.",
} as const;

/** Duplicating a post and searching the posts list (issue 23). */
export const POST_TOOLS_MESSAGES = {
  duplicatedTitle: "Post duplicated",
  duplicated: "The copy is a new draft; it opens in the composer.",
  duplicateFailed: "Failed to duplicate the post.",
  searchLabel: "Search posts",
  searchPlaceholder: "Search text or #hashtags",
  /** a search's answer reached its limit */
  searchLimited: (n: number) => `Showing the first ${n} matches. Add words to narrow the search.`,
  noMatch: (q: string) => `No posts match “${q}”.`,
} as const;

/** Text per network (issue 23, "customize for this network"). */
export const POST_VARIANT_MESSAGES = {
  notChosenTitle: "Network Not Chosen",
  /** a variant for a network none of the chosen accounts is on: refused, not dropped */
  notChosen: (network: string) =>
    `${network} has its own text, but none of the chosen accounts is on ${network}. Choose an account on ${network}, or remove ${network}'s own text.`,
} as const;

/** The first comment posted right after a post (issue 23). */
export const FIRST_COMMENT_MESSAGES = {
  tooLongTitle: "First Comment Too Long",
  tooLong: (network: string, max: number) =>
    `${network} allows at most ${max} characters in a comment: shorten the first comment.`,
  notOffered: (network: string) => `${network} does not let apps post a first comment.`,
  unconfirmed: (network: string) =>
    `Posting the first comment on ${network} was interrupted, and ${network} cannot be asked whether it went out. Check the post on ${network} before adding it by hand.`,
  postGone: (network: string) => `The post is no longer on ${network}: its first comment was not posted.`,
} as const;

/** The live preview of a post on each network (issue 23). */
export const PREVIEW_MESSAGES = {
  noNetwork: "Select at least one platform to preview your post.",
  nothingWritten: "Nothing written yet.",
  previewAs: "Preview as",
  firstComment: "First comment",
  threadOf: (parts: number) => `Posted as a thread of ${parts} posts.`,
  tooLongTitle: "The text will be refused",
  noMedia: "Add a picture or a video to see it here.",
  noVideo: "Add a video to see it here.",
  noPinImage: "Add an image to see the pin.",
  mediaMissing: "This file is no longer in the media library.",
  pinBoardDefault: "First board of the account",
  storyNote: "Instagram shows no caption on a story.",
} as const;

/** The composer's text per network and its first comment, and the first comment's result (issue 23). */
export const COMPOSER_MESSAGES = {
  textTabs: "Text for",
  allNetworks: "All networks",
  sameEverywhere: "The same text, hashtags and media go to every chosen network.",
  commonUsedBy: (networks: string) => `The common text goes to ${networks}.`,
  commonUnused: "Every chosen network has its own text: the common text goes to none of them.",
  customizeFor: "Customize for this network:",
  customizeLabel: (network: string) => `Customize for ${network}`,
  ownText: (network: string) => `${network} gets its own text, hashtags and media.`,
  useCommon: "Use the common text",
  usesCommon: (network: string) => `${network} uses the common text again.`,
  undo: "Undo",
  overLimit: "(too long)",
  contentFor: (network: string) => `Content for ${network}`,
  hashtagsFor: (network: string) => `Hashtags for ${network}`,
  firstComment: "First comment",
  firstCommentOptional: "(optional)",
  firstCommentPlaceholder: "A link, more hashtags or a question to start the conversation",
  /** the networks it goes to, X first named "X (as a reply)" */
  firstCommentNote: (networks: string) => `Posted right after the post on ${networks}.`,
  firstCommentAsReply: "X (as a reply)",
  firstCommentNotOn: (networks: string) => `Not on ${networks}: their APIs give apps no comments.`,
  firstCommentsLabel: "First comments",
  firstCommentView: (network: string) => `First comment on ${network}`,
  firstCommentPosted: (network: string) => `${network}: first comment posted.`,
  firstCommentFailed: (network: string, error: string) => `${network}: first comment not posted: ${error}`,
  firstCommentPending: (network: string) => `${network}: first comment waiting to be posted.`,
} as const;

/** Posts in and out by CSV (issue 23). */
export const POST_CSV_MESSAGES = {
  importButton: "Import CSV",
  exportButton: "Export CSV",
  dialogTitle: "Import posts from a CSV file",
  dialogDescription:
    "One post per row. The first line names the columns; an exported file has them all and imports back as it is.",
  template: "Download a template",
  chooseFile: "CSV file",
  noFile: "Choose a CSV file to import.",
  checking: "Checking the file…",
  modeLabel: "Import the valid rows as",
  modes: {
    draft: "Drafts",
    pending_approval: "Submitted for approval",
    scheduled: "Scheduled at their date and time",
    queue: "Added to the queue (next free time slots)",
  },
  previewSummary: (valid: number, refused: number) =>
    `${valid} ${valid === 1 ? "row is" : "rows are"} ready to import; ${refused} ${refused === 1 ? "has" : "have"} problems and will not be imported.`,
  importValid: (n: number) => (n === 1 ? "Import 1 post" : `Import ${n} posts`),
  importing: "Importing…",
  importedTitle: "Posts imported",
  imported: (done: number, refused: number) =>
    `${done} ${done === 1 ? "post" : "posts"} imported${refused ? `, ${refused} refused` : ""}.`,
  downloadRefused: "Download refused rows",
  refusedHint: "The refused rows, with an error column saying why: fix them and import the file again.",
  importFailed: "Failed to import the file. Please try again.",
  exportFailed: "Failed to export the posts. Please try again.",
  ok: "OK",
  /** the file as a whole */
  tooManyRows: (max: number) =>
    `A file can hold at most ${max.toLocaleString("en-US")} posts. Split it into files of ${max.toLocaleString("en-US")} rows or fewer.`,
  tooLarge: (mb: number) => `A file can be at most ${mb} MB.`,
  empty: "The file has no posts: there is no row after the line naming the columns.",
  unreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  unknownColumn: (name: string, known: string) =>
    `The column “${name}” is not one an import reads. The first line names the columns, among: ${known}.`,
  duplicateColumn: (name: string) => `The column “${name}” is named twice in the first line.`,
  textColumnMissing: (known: string) => `The first line must name the columns, with “text” among them: ${known}.`,
  /** one row's cells */
  dateFormat: "Use a date written YYYY-MM-DD.",
  timeFormat: "Use a time written HH:MM.",
  timeZoneUnknown: (zone: string) => `“${zone}” is not a time zone: use a name such as Europe/Paris.`,
  unknownNetwork: (name: string, networks: string) => `“${name}” is not a network: use ${networks}.`,
  networkNotConnected: (network: string) => `No ${network} account is connected.`,
  networkAmbiguous: (network: string, example: string) =>
    `Several ${network} accounts are connected: name one, e.g. ${example}.`,
  accountNotFound: (ref: string) => `No connected account matches “${ref}”.`,
  mediaNotFound: (name: string) => `The media library has no file named “${name}”.`,
  mediaAmbiguous: (name: string, n: number) =>
    `${n} files of the media library are named “${name}”: rename one, or name it by its id.`,
  cropUnknown: (value: string) => `“[${value}]” is not a crop: use [1:1], [16:9], [9:16] or [4:5].`,
  mediaUrlFailed: (url: string, reason: string) => `The file at ${url} could not be added to the library: ${reason}`,
  urlNotWeb: "only http and https addresses are fetched.",
  urlPrivate: "it is not on the public internet.",
  urlStatus: (status: number) => `the server answered ${status}.`,
  urlUnreachable: "the server could not be reached.",
  urlTooManyRedirects: "it redirects too many times.",
  campaignNotFound: (name: string) => `No campaign is named “${name}”.`,
  campaignAmbiguous: (name: string) => `Several campaigns are named “${name}”: name it by its UTM slug instead.`,
  jsonInvalid: (column: string) => `The ${column} column is not valid JSON.`,
  jsonRefused: (column: string, detail: string) => `The ${column} column is refused: ${detail}`,
  extraCells: (found: number, columns: number) =>
    `This row has ${found} cells but the first line names ${columns} columns: is a text with a comma missing its quotes?`,
  /** an import that saves nothing because the mode is not allowed */
  queueUnavailable: "Adding to the queue is not available.",
} as const;

/** The queue of time slots (issue 23): its screen, its refusals, Add to queue. */
export const QUEUE_MESSAGES = {
  title: "Queue",
  description: "Weekly time slots for each account; Add to queue puts a post in the next free one.",
  /** input */
  weekdayInvalid: "Use a weekday from 1 (Monday) to 7 (Sunday).",
  timeInvalid: "Use a time written HH:MM.",
  tooManySlots: (max: number) => `A queue can have at most ${max} time slots.`,
  timeZoneUnknown: "Unknown time zone: use a name such as Europe/Paris.",
  unknownAccount: "This account is not connected to the workspace.",
  slotInvalid: "Use the instant of a time slot (an ISO date and time).",
  /** Add to queue */
  noSlotsTitle: "No Time Slots",
  noSlots:
    "None of the chosen accounts has time slots, and the workspace has none: add time slots on the Queue screen first.",
  noSlotsFor: (names: string) =>
    `No time slots for ${names}, and the workspace has none: add time slots on the Queue screen first.`,
  pausedTitle: "Queue Paused",
  paused: (names: string) => `The queue of ${names} is paused: resume it on the Queue screen to add posts to it.`,
  skippedPaused: (names: string) => `Not added for ${names}: its queue is paused.`,
  onlyScheduled: "Only a post being scheduled can be added to the queue (not a draft, and not with Publish now).",
  submitInstead: "Your posts need approval: submit the post for approval instead of adding it to the queue.",
  notQueueable: "Only a draft or a scheduled post that has not started publishing can be added to the queue.",
  noAccounts: "Choose at least one account to add the post to its queue.",
  /** reorder */
  notQueued: "This post is not in this account's queue.",
  notASlot: "That time is not one of this account's time slots.",
  slotPassed: "That time slot has passed: choose a later one.",
  slotTaken: "Another post took that time slot meanwhile: the queue was read again.",
  /** pause */
  pausedDone: (name: string) => `Queue of ${name} paused: its posts wait until you resume it.`,
  resumedDone: (name: string, moved: number) =>
    moved === 0
      ? `Queue of ${name} resumed.`
      : `Queue of ${name} resumed. ${moved} ${moved === 1 ? "post whose time passed" : "posts whose time passed"} moved to the next free time slots.`,
  /** the screen */
  accountFilter: "Account",
  allAccounts: "All accounts",
  emptySlot: "Empty slot",
  noSlotsYet: "No time slots yet",
  noSlotsYetHint: "Add weekly time slots below, for the whole workspace or one account, then add posts to the queue.",
  noAccountsYet: "Connect an account to use the queue.",
  overdue: "Its time passed while paused: it moves to the next free slot when you resume.",
  offSchedule: "Not one of the current time slots",
  pause: "Pause queue",
  resume: "Resume queue",
  pausedBadge: "Paused",
  moveUp: "Move up",
  moveDown: "Move down",
  dragHint: "Drag a post onto another slot, or use Move up and Move down.",
  moved: "Post moved.",
  moveFailed: "Failed to move the post. Please try again.",
  pauseFailed: "Failed to change the queue. Please try again.",
  loadFailed: "Failed to load the queue. Please try again.",
  /** slot editor */
  slotsTitle: "Time slots",
  slotsFor: "Slots of",
  workspaceSlots: "Whole workspace",
  workspaceSlotsHint: "Every account without time slots of its own follows these.",
  followsWorkspace: "follows the workspace's slots",
  ownSlots: "own slots",
  addSlot: "Add time",
  removeSlot: (day: string, time: string) => `Remove ${day} ${time}`,
  saveSlots: "Save time slots",
  slotsSaved: "Time slots saved. Posts already queued keep their times.",
  slotsFailed: "Failed to save the time slots. Please try again.",
  clearOwn: "Use the workspace's slots",
  weekdayLabel: "Day",
  timeLabel: "Time",
  /** time zone */
  timeZoneLabel: "Workspace time zone",
  slotsHint: (zone: string) => `Wall-clock times in ${zone}, kept across daylight saving changes.`,
  timeZoneSaved: "Time zone saved. Posts already queued keep their times.",
  timeZoneFailed: "Failed to save the time zone. Please try again.",
  changeTimeZone: "Change",
  /** best times */
  fillFromBestTimes: "Fill from best times",
  bestTimesHint: "Your best times to post, from the results of the last 90 days: add the ones you want as slots.",
  noBestTimes: "Not enough results yet to suggest times.",
  addSuggestion: (day: string, time: string) => `Add ${day} ${time}`,
  /** composer */
  addToQueue: "Add to queue",
  queuedTitle: "Added to the queue",
  queuedFor: (when: string) => `Queued for ${when}`,
  queuedSplit: (n: number) => `Queued as ${n} posts, one for each account's next free time slot.`,
} as const;

/** API keys (issue 24): created in Settings, sent as `Authorization: Bearer <key>` to /api/v1 and the MCP server. */
export const API_KEY_MESSAGES = {
  title: "API keys",
  description: "Let scripts, automation tools and AI assistants use this workspace through the API.",
  nameLabel: "Name",
  namePlaceholder: "e.g. n8n production",
  nameRequired: "Give the API key a name.",
  nameTooLong: `An API key's name can be at most ${API_KEY_NAME_MAX} characters.`,
  scopesLabel: "Scopes",
  scopesRequired: "Choose at least one scope.",
  expiryLabel: "Expires",
  noExpiry: "Never",
  expiryInPast: "Choose an expiry date in the future.",
  create: "Create API key",
  created: "API key created",
  /** the key is shown once, in the dialog that follows its creation */
  shownOnce:
    "Copy this key now: it will not be shown again. Anyone with it can act on this workspace within its scopes.",
  copy: "Copy key",
  copied: "Key copied",
  revoke: "Revoke",
  revokeConfirm: (name: string) => `Revoke the API key “${name}”?`,
  revokeDetail: "Scripts and assistants using it stop working at once. This cannot be undone.",
  revoked: "API key revoked",
  empty: "No API keys yet.",
  listFailed: "Failed to load API keys. Please try again.",
  notFound: "API key not found.",
  tooMany: `A workspace can hold at most ${API_KEYS_PER_WORKSPACE} API keys. Revoke one you no longer use.`,
  noRight: "Only the workspace's owner and admins can manage API keys.",
  lastUsed: (when: string) => `Last used ${when}`,
  neverUsed: "Never used",
  expires: (when: string) => `Expires ${when}`,
  expired: "Expired",
  /** answers of the public API */
  missing: "Send your API key as “Authorization: Bearer <key>”.",
  invalid:
    "This API key is not valid: it may have been revoked, have expired, or belong to a member who left the workspace.",
  scopeMissing: (scope: string) => `This API key lacks the “${scope}” scope this request needs.`,
  rateLimited: (seconds: number) => `Too many requests with this API key. Try again in ${seconds} s.`,
  /** MCP */
  mcpHint: "AI assistants connect to the MCP server at this address with an API key.",
  /** Settings */
  listLabel: "API keys of this workspace",
  expiryDays: (days: number) => `In ${days} days`,
  expiryOnDate: "On a date",
  expiryDateLabel: "Expiry date",
  cancel: "Cancel",
  done: "Done",
  shownOnceTitle: "Your new API key",
  copyFailed: "Could not copy: select the text and copy it yourself.",
  createdBy: (name: string) => `Created by ${name}`,
  createdByFormer: "Created by a former member",
  expiredOn: (when: string) => `Expired ${when}`,
  revokeLabel: (name: string) => `Revoke ${name}`,
  apiBaseLabel: "API base",
  apiHint: "Send the key as “Authorization: Bearer <key>” to the app's routes under this address.",
  mcpLabel: "MCP server",
  docsLink: "API reference",
  copyAddress: (label: string) => `Copy the ${label} address`,
  addressCopied: "Address copied",
} as const;

/** Webhooks (issue 24): signed deliveries of the workspace's events to an address of the user's. */
export const WEBHOOK_MESSAGES = {
  title: "Webhooks",
  description: "Tell your own servers and automation tools what happens in this workspace, signed and retried.",
  urlLabel: "Endpoint URL",
  urlRequired: "Enter the endpoint's URL.",
  urlInvalid: "Enter a full URL starting with https://.",
  urlTooLong: `An endpoint's URL can be at most ${WEBHOOK_URL_MAX} characters.`,
  urlNotPublic: "This address is not reachable from the internet: webhooks go only to public addresses.",
  descriptionLabel: "Description",
  descriptionTooLong: `A description can be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
  eventsLabel: "Events",
  eventsRequired: "Choose at least one event.",
  create: "Add endpoint",
  created: "Webhook endpoint added",
  secretShownOnce:
    "Copy the signing secret now: it will not be shown again. Use it to check each delivery's signature.",
  copySecret: "Copy secret",
  saved: "Webhook endpoint saved",
  deleted: "Webhook endpoint deleted",
  deleteConfirm: (url: string) => `Delete the webhook endpoint ${url}?`,
  deleteDetail: "Deliveries waiting for it are dropped.",
  enable: "Turn on",
  disable: "Turn off",
  enabled: "On",
  disabledByUser: "Off",
  /** turned off by the app after failing again and again */
  disabledAfterFailures: (n: number) =>
    `Turned off after ${n} failed deliveries in a row. Fix the endpoint, then turn it on again.`,
  sendTest: "Send test",
  testSent: (status: number) => `Test delivered: the endpoint answered ${status}.`,
  testFailed: (reason: string) => `Test failed: ${reason}`,
  deliveries: "Recent deliveries",
  noDeliveries: "No deliveries yet.",
  attempts: (n: number) => (n === 1 ? "1 attempt" : `${n} attempts`),
  nextAttempt: (when: string) => `Next attempt ${when}`,
  empty: "No webhook endpoints yet.",
  listFailed: "Failed to load webhooks. Please try again.",
  notFound: "Webhook endpoint not found.",
  tooMany: `A workspace can have at most ${WEBHOOKS_PER_WORKSPACE} webhook endpoints.`,
  noRight: "Only the workspace's owner and admins can manage webhooks.",
  /** a delivery's outcome in the log */
  answered: (status: number) => `HTTP ${status}`,
  timedOut: `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.`,
  unreachable: (reason: string) => `Could not reach the endpoint: ${reason}`,
  /** a delivery whose endpoint was turned off before its attempt */
  notSentEndpointOff: "Not sent: the endpoint was turned off.",
  /** an attempt whose worker stopped before the answer came: it may have reached the endpoint */
  interrupted:
    "The attempt was interrupted before an answer came; it may have been received (drop repeats by webhook-id).",
  /** Settings */
  listLabel: "Webhook endpoints of this workspace",
  urlPlaceholder: "https://example.com/webhooks",
  descriptionPlaceholder: "e.g. Posts to our CRM",
  editTitle: "Edit endpoint",
  edit: (url: string) => `Edit ${url}`,
  save: "Save endpoint",
  cancel: "Cancel",
  done: "Done",
  delete: "Delete",
  deleteLabel: (url: string) => `Delete ${url}`,
  sendTestLabel: (url: string) => `Send test to ${url}`,
  toggleLabel: (url: string) => `Deliveries to ${url}`,
  turnedOn: "Webhook endpoint turned on",
  turnedOff: "Webhook endpoint turned off",
  secretTitle: "Signing secret",
  secretCopied: "Secret copied",
  copyFailed: "Could not copy: select the text and copy it yourself.",
  deliveriesOf: (url: string) => `Recent deliveries to ${url}`,
  deliveriesFailed: "Failed to load the deliveries. Please try again.",
  loadMore: "Load more",
  statusLabels: { pending: "Pending", delivered: "Delivered", retrying: "Retrying", failed: "Failed" },
  testEventLabel: "Test",
  deliveryDetails: (event: string, when: string) => `${event}, ${when}`,
  noAnswer: "No answer",
  responseLabel: "Response",
  payloadLabel: "Payload",
  durationMs: (ms: number) => `${ms} ms`,
  eventLabel: "Event",
  attemptsLabel: "Attempts",
  nextAttemptLabel: "Next attempt",
  errorLabel: "Error",
  eventIdLabel: "Event ID",
  editShort: "Edit",
} as const;

/** The MCP server (issue 24): what it answers an AI assistant beyond the app's own messages. */
export const MCP_MESSAGES = {
  methodNotAllowed:
    "The MCP server takes POST requests only (Streamable HTTP without sessions): it opens no event stream and has no session to end.",
  whenTwice: "Give either scheduledDate and scheduledTime (in timezone) or scheduledAt, not both.",
  postOrNew:
    "Give either postId (a draft or scheduled post to queue) or the new post's accountIds and content, not both.",
  nothingToQueue: "Give postId (a draft or scheduled post to queue) or the new post's accountIds and content.",
} as const;
