import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { useMe } from "../api/get-me";

/** Protected screens: a centred spinner while the session loads, then /auth (replacing history) when signed out. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <PageSpinner />;
  if (!me.data) return <Navigate to="/auth" replace />;
  return children;
}
