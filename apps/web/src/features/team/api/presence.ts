import { api } from "@/lib/api-client";

/** Tells the server this tab is being used (true) or has been left idle or hidden (false). */
export const sendPresence = async (active: boolean): Promise<void> => {
  await api("/api/presence", { body: { active } });
};
