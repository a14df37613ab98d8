/** Settings → Profile: name, e-mail change, avatar, time zone (being built). */
export function ProfileCard() {
  return null;
}
