/** `text` with LIKE's wildcards (and its escape character) taken literally: what a user's search means. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern that finds `text` anywhere. */
export const containing = (text: string) => `%${escapeLike(text)}%`;
