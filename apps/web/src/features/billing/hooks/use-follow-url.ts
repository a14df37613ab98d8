import { useNavigate } from "react-router";
import { appPathOf } from "../utils/status";

/** Follows an address a billing call answered with: inside the app without a reload, elsewhere by leaving. */
export function useFollowUrl() {
  const navigate = useNavigate();
  return (url: string) => {
    const path = appPathOf(url, window.location.origin);
    if (path) navigate(path);
    else window.location.assign(url);
  };
}
