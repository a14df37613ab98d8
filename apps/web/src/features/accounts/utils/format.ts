const count = new Intl.NumberFormat("en-US");

/** "1 follower", "12,345 followers" */
export const formatFollowers = (n: number) => `${count.format(n)} ${n === 1 ? "follower" : "followers"}`;

export const formatCount = (n: number) => count.format(n);

/** A moment in the browser's locale and time zone, e.g. "Nov 23, 2026, 9:00 AM". */
export const formatMoment = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
