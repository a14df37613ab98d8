import {
  CAMPAIGN_COLORS,
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGN_STATUSES,
  type Campaign,
  type CampaignColor,
} from "@app/shared";
import { Check } from "lucide-react";
import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SubmitButton } from "@/components/ui/submit-button";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { useCreateCampaign, useUpdateCampaign } from "../api/campaigns";
import {
  CAMPAIGN_COLOR_NAMES,
  type CampaignFormErrors,
  type CampaignFormValues,
  campaignFormToBody,
  campaignToForm,
  EMPTY_CAMPAIGN_FORM,
  type StatusChoice,
} from "../utils/campaigns";

/**
 * Create Campaign, or Edit of an existing one (the same form). What was typed stays when the server refuses;
 * its message shows under the form. `onSaved` gets the saved campaign (the list opens a new one's page).
 */
export function CampaignDialog({
  open,
  onOpenChange,
  campaign,
  onSaved,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** null: a new campaign */
  campaign: Campaign | null;
  onSaved?(campaign: Campaign): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        {open && (
          <CampaignForm
            key={campaign?.id ?? "new"}
            campaign={campaign}
            onDone={(saved) => {
              onOpenChange(false);
              if (saved) onSaved?.(saved);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CampaignForm({ campaign, onDone }: { campaign: Campaign | null; onDone(saved?: Campaign): void }) {
  const id = useId();
  const [values, setValues] = useState<CampaignFormValues>(campaign ? campaignToForm(campaign) : EMPTY_CAMPAIGN_FORM);
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const saving = create.isPending || update.isPending;
  const serverError = campaign ? update.error : create.error;
  const f = (name: keyof CampaignFormValues) => `${id}-${name}`;
  const set = <K extends keyof CampaignFormValues>(key: K, value: CampaignFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = campaignFormToBody(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const done = (saved: Campaign) => {
      toast.success(campaign ? CAMPAIGN_MESSAGES.saved : CAMPAIGN_MESSAGES.created);
      onDone(saved);
    };
    if (campaign) update.mutate({ id: campaign.id, body: result.body }, { onSuccess: done });
    else create.mutate(result.body, { onSuccess: done });
  };

  const title = campaign ? "Edit campaign" : "Create Campaign";
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {campaign
            ? "Change the campaign's name, colour, dates or status."
            : "Group posts under a name, a colour and dates, and follow their results together."}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={title}>
        <Field id={f("name")} label="Name" error={errors.name}>
          <Input
            id={f("name")}
            value={values.name}
            onChange={(e) => set("name", e.target.value)}
            maxLength={CAMPAIGN_NAME_MAX}
            autoComplete="off"
            {...describedBy(f("name"), errors.name)}
          />
        </Field>
        <Field id={f("description")} label="Description (optional)" error={errors.description}>
          <Textarea
            id={f("description")}
            value={values.description}
            onChange={(e) => set("description", e.target.value)}
            rows={3}
            maxLength={CAMPAIGN_DESCRIPTION_MAX}
            {...describedBy(f("description"), errors.description)}
          />
        </Field>
        <div className="grid gap-2">
          <span id={f("color")} className="text-sm font-medium leading-none">
            Colour
          </span>
          <RadioGroupPrimitive.Root
            aria-labelledby={f("color")}
            value={values.color}
            onValueChange={(v) => set("color", v as CampaignColor)}
            orientation="horizontal"
            className="flex flex-wrap gap-2"
          >
            {CAMPAIGN_COLORS.map((color) => (
              <RadioGroupPrimitive.Item
                key={color}
                value={color}
                aria-label={CAMPAIGN_COLOR_NAMES[color]}
                title={CAMPAIGN_COLOR_NAMES[color]}
                className="flex size-9 cursor-pointer items-center justify-center rounded-full text-white ring-offset-2 ring-offset-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:ring-2 data-[state=checked]:ring-foreground"
                style={{ backgroundColor: color }}
              >
                <RadioGroupPrimitive.Indicator>
                  <Check className="size-4" aria-hidden />
                </RadioGroupPrimitive.Indicator>
              </RadioGroupPrimitive.Item>
            ))}
          </RadioGroupPrimitive.Root>
          {errors.color && (
            <p role="alert" className="text-sm text-destructive">
              {errors.color}
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={f("startDate")} label="Start date" error={errors.startDate}>
            <Input
              id={f("startDate")}
              type="date"
              value={values.startDate}
              onChange={(e) => set("startDate", e.target.value)}
              {...describedBy(f("startDate"), errors.startDate)}
            />
          </Field>
          <Field id={f("endDate")} label="End date" error={errors.endDate}>
            <Input
              id={f("endDate")}
              type="date"
              value={values.endDate}
              min={values.startDate || undefined}
              onChange={(e) => set("endDate", e.target.value)}
              {...describedBy(f("endDate"), errors.endDate)}
            />
          </Field>
        </div>
        <Field id={f("status")} label="Status" error={errors.status}>
          <NativeSelect
            id={f("status")}
            value={values.status}
            onChange={(e) => set("status", e.target.value as StatusChoice)}
            aria-describedby={`${f("status")}-help`}
          >
            <option value="follow">Follow the dates</option>
            {CAMPAIGN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CAMPAIGN_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
          <p id={`${f("status")}-help`} className="text-xs text-muted-foreground">
            Following the dates, a campaign is Draft before its start date, Active until its end date, then Completed.
          </p>
        </Field>
        <div className="flex items-start justify-between gap-4 rounded-md border p-3">
          <div className="grid gap-1">
            <Label htmlFor={f("utm")}>Add UTM parameters to links</Label>
            <p id={`${f("utm")}-help`} className="text-xs text-muted-foreground">
              {CAMPAIGN_MESSAGES.utmHelp}
            </p>
          </div>
          <Switch
            id={f("utm")}
            checked={values.utm}
            onCheckedChange={(checked) => set("utm", checked)}
            aria-describedby={`${f("utm")}-help`}
          />
        </div>
        {serverError && (
          <p role="alert" className="text-sm text-destructive">
            {serverError.message}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onDone()}>
            Cancel
          </Button>
          <SubmitButton pending={saving}>{campaign ? "Save" : "Create Campaign"}</SubmitButton>
        </DialogFooter>
      </form>
    </>
  );
}
