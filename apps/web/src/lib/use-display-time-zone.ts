import { useQuery } from "@tanstack/react-query";
import { useMe } from "@/features/auth/api/get-me";
import { profileQueryOptions } from "@/features/profile/api/profile";
import { browserTimeZone, displayZoneOf } from "./time-zone";

export interface TimeZones {
  /** the zone every screen shows times in: the profile's when chosen, else the browser's */
  zone: string;
  /** the profile's zone, or null when none is chosen (or not known yet) */
  profileZone: string | null;
  browserZone: string;
  /** false while the profile is being read for the first time (the zone may still change) */
  known: boolean;
}

/**
 * The zones of the signed-in user (Settings → Profile's time zone, and the browser's). Signed out (a public
 * invitation page), the browser's: the profile is not asked for.
 */
export function useTimeZones(): TimeZones {
  const signedIn = Boolean(useMe().data);
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn });
  const profileZone = profile.data?.timezone ?? null;
  return {
    zone: displayZoneOf(profileZone),
    profileZone,
    browserZone: browserTimeZone(),
    known: !signedIn || profile.data !== undefined || !profile.isFetching,
  };
}

/** The zone the signed-in user sees times in: the profile's when chosen, else the browser's. */
export const useDisplayTimeZone = () => useTimeZones().zone;
