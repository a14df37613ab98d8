import type { CreatePostAction } from "@/features/accounts/components/account-card";
import { ConnectedAccountsScreen } from "@/features/accounts/components/connected-accounts-screen";
import { QuickPostDialog } from "@/features/posts/components/quick-post/quick-post-dialog";

/** Each card's Create Post opens its network's post dialog (the posts feature's, composed here). */
const createPost: CreatePostAction = (account, trigger) => <QuickPostDialog account={account} trigger={trigger} />;

export default function ConnectedAccountsRoute() {
  return <ConnectedAccountsScreen createPost={createPost} />;
}
