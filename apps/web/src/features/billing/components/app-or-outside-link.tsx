import type { ComponentProps } from "react";
import { Link } from "react-router";
import { appPathOf } from "../utils/status";

/** A link to an address a billing call gave: a router link when it is a page of this app. */
export function AppOrOutsideLink({ href, ...props }: Omit<ComponentProps<"a">, "href"> & { href: string }) {
  const path = appPathOf(href, window.location.origin);
  return path ? <Link to={path} {...props} /> : <a href={href} {...props} />;
}
