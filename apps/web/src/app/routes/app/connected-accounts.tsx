import { ConnectedAccountsScreen } from "@/features/accounts/components/connected-accounts-screen";

export default function ConnectedAccountsRoute() {
  return <ConnectedAccountsScreen />;
}
