import { LocalCheckoutScreen } from "@/features/billing/components/local-checkout-screen";

export default function LocalCheckoutRoute() {
  return <LocalCheckoutScreen />;
}
