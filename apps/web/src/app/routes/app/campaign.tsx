import { useParams } from "react-router";
import { CampaignView } from "@/features/campaigns/components/campaign-view";

/** /campaigns/:id: one campaign, its figures and its posts. */
export default function CampaignRoute() {
  const { id = "" } = useParams();
  return <CampaignView key={id} id={id} />;
}
