/** The browser's IANA time zone: the one dates are chosen and shown in, and results are counted by. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
