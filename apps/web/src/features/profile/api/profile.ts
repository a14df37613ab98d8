import { apiErrorSchema, type Profile, profileResponseSchema, type UpdateProfileBody } from "@app/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "@/features/auth/api/get-me";
import { ApiError, api } from "@/lib/api-client";

export const profileQueryKey = ["profile"] as const;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: async ({ signal }): Promise<Profile> =>
      (await api("/api/profile", { schema: profileResponseSchema, signal })).profile,
    staleTime: 60_000,
  });

/** The signed-in user's profile (name, e-mail, avatar, time zone). */
export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** Puts the new profile in the cache and has /api/me read again, so the sidebar's name and avatar follow at once. */
function useProfileMutation<TVars>(mutationFn: (vars: TVars) => Promise<Profile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useUpdateProfile() {
  return useProfileMutation(
    async (body: UpdateProfileBody) =>
      (await api("/api/profile", { method: "PATCH", body, schema: profileResponseSchema })).profile,
  );
}

export function useChangeEmail() {
  return useProfileMutation(
    async (newEmail: string) =>
      (await api("/api/profile/email", { body: { newEmail }, schema: profileResponseSchema })).profile,
  );
}

export function useRemoveAvatar() {
  return useProfileMutation(
    async () => (await api("/api/profile/avatar", { method: "DELETE", schema: profileResponseSchema })).profile,
  );
}

/** Sends the chosen image as multipart (the server checks, crops and resizes it). */
async function uploadAvatar(file: File): Promise<Profile> {
  const body = new FormData();
  body.append("file", file, file.name);
  let res: Response;
  try {
    res = await fetch("/api/profile/avatar", { method: "POST", credentials: "same-origin", body });
  } catch {
    throw new ApiError(0, "NETWORK_ERROR", "Can't reach the server. Check your connection and try again.");
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const parsed = apiErrorSchema.safeParse(data);
    if (parsed.success) throw new ApiError(res.status, parsed.data.error.code, parsed.data.error.message);
    throw new ApiError(res.status, "HTTP_ERROR", `The server answered ${res.status}.`);
  }
  return profileResponseSchema.parse(data).profile;
}

export function useUploadAvatar() {
  return useProfileMutation(uploadAvatar);
}
