import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { Toaster } from "@/components/ui/sonner";
import { createQueryClient } from "@/lib/query-client";

/**
 * What the screens that talk to the API share: one query client (the router starts the queries a screen
 * will need while its code is still arriving) and the toasts. This module loads with the first of those
 * screens (the auth screen or a signed-in one), never with the landing page, which needs neither.
 */
export const queryClient = createQueryClient();

export default function ApiLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Toaster />
    </QueryClientProvider>
  );
}
