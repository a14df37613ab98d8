/** Settings → Notifications: each kind's channel (being built). */
export function NotificationPreferencesCard() {
  return null;
}
