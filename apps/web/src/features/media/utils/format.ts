import { formatDistanceToNow } from "date-fns";

/** How long ago a file was added, e.g. "5 minutes ago". */
export const mediaAge = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });

/** The card's type badge. */
export const TYPE_BADGE = { image: "IMG", video: "VID" } as const;

/** The address that makes the browser save the file under its original name. */
export const downloadUrl = (url: string) => `${url}${url.includes("?") ? "&" : "?"}download=1`;
