const count = new Intl.NumberFormat("en-US");

/** "1 follower", "12,345 followers" */
export const formatFollowers = (n: number) => `${count.format(n)} ${n === 1 ? "follower" : "followers"}`;

export const formatCount = (n: number) => count.format(n);
