import type { Platform } from "@app/shared";
import type { ComponentType } from "react";
import { FacebookPostDialog } from "./facebook-post-dialog";
import { LinkedinPostDialog } from "./linkedin-post-dialog";
import { PinterestPostDialog } from "./pinterest-post-dialog";
import type { QuickPostDialogProps } from "./quick-post-shell";
import { TwitterPostDialog } from "./twitter-post-dialog";

const DIALOGS: Partial<Record<Platform, ComponentType<QuickPostDialogProps>>> = {
  linkedin: LinkedinPostDialog,
  pinterest: PinterestPostDialog,
  twitter: TwitterPostDialog,
  facebook: FacebookPostDialog,
};

/** The post dialog of the account's network, opened by `trigger`; null for a network without one. */
export function QuickPostDialog(props: QuickPostDialogProps) {
  const Dialog = DIALOGS[props.account.platform];
  return Dialog ? <Dialog {...props} /> : null;
}

export type { QuickPostDialogProps };
