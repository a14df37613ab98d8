/** Settings → Security: password, two-factor sign-in, active sessions (being built). */
export function SecurityCard() {
  return null;
}
