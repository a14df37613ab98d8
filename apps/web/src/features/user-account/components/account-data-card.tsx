/** Settings → Account: export my data, delete my account (being built). */
export function AccountDataCard() {
  return null;
}
