import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_DESCRIPTIONS,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  API_KEY_MESSAGES as M,
} from "@app/shared";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { SubmitButton } from "@/components/ui/submit-button";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { useCreateApiKey } from "../api/api-keys";
import {
  type ApiKeyFormErrors,
  type ApiKeyFormValues,
  apiKeyFormToBody,
  EXPIRY_CHOICES,
  type ExpiryChoice,
  firstExpiryDay,
} from "../utils/api-keys";

const EMPTY: ApiKeyFormValues = { name: "", scopes: ["read"], expiry: "never", date: "" };

/** "Create API key": a name, scopes and an expiry; `onCreated` gets the whole key, to be shown once. */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(secret: string, name: string): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{M.create}</DialogTitle>
          <DialogDescription>{M.description}</DialogDescription>
        </DialogHeader>
        {open && <CreateApiKeyForm onCancel={() => onOpenChange(false)} onCreated={onCreated} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateApiKeyForm({
  onCancel,
  onCreated,
}: {
  onCancel(): void;
  onCreated(secret: string, name: string): void;
}) {
  const id = useId();
  const zone = useDisplayTimeZone();
  const create = useCreateApiKey();
  const [values, setValues] = useState<ApiKeyFormValues>(EMPTY);
  const [errors, setErrors] = useState<ApiKeyFormErrors>({});
  const f = (name: string) => `${id}-${name}`;
  const toggle = (scope: (typeof API_KEY_SCOPES)[number], on: boolean) =>
    setValues((v) => ({ ...v, scopes: on ? [...v.scopes, scope] : v.scopes.filter((s) => s !== scope) }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = apiKeyFormToBody(values, new Date(), zone);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    create.mutate(result.body, { onSuccess: ({ key, secret }) => onCreated(secret, key.name) });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={M.create}>
      <Field id={f("name")} label={M.nameLabel} error={errors.name}>
        <Input
          id={f("name")}
          value={values.name}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
          maxLength={API_KEY_NAME_MAX}
          placeholder={M.namePlaceholder}
          autoComplete="off"
          {...describedBy(f("name"), errors.name)}
        />
      </Field>
      <fieldset className="grid gap-2" aria-describedby={errors.scopes ? `${f("scopes")}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">{M.scopesLabel}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label
            key={scope}
            htmlFor={f(`scope-${scope}`)}
            className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm hover:bg-accent/50"
          >
            <input
              id={f(`scope-${scope}`)}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={values.scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
              aria-labelledby={f(`scope-${scope}-name`)}
              aria-describedby={f(`scope-${scope}-hint`)}
            />
            <span className="grid min-w-0 gap-0.5">
              <span id={f(`scope-${scope}-name`)} className="font-medium">
                {API_KEY_SCOPE_LABELS[scope]}
              </span>
              <span id={f(`scope-${scope}-hint`)} className="text-xs text-muted-foreground">
                {API_KEY_SCOPE_DESCRIPTIONS[scope]}
              </span>
            </span>
          </label>
        ))}
        {errors.scopes && (
          <p id={`${f("scopes")}-error`} role="alert" className="text-sm text-destructive">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={f("expiry")} label={M.expiryLabel} error={values.expiry === "date" ? undefined : errors.expiry}>
          <NativeSelect
            id={f("expiry")}
            value={values.expiry}
            onChange={(e) => setValues((v) => ({ ...v, expiry: e.target.value as ExpiryChoice }))}
          >
            {EXPIRY_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {values.expiry === "date" && (
          <Field id={f("date")} label={M.expiryDateLabel} error={errors.expiry}>
            <Input
              id={f("date")}
              type="date"
              value={values.date}
              min={firstExpiryDay(new Date(), zone)}
              onChange={(e) => setValues((v) => ({ ...v, date: e.target.value }))}
              {...describedBy(f("date"), errors.expiry)}
            />
          </Field>
        )}
      </div>
      {create.error && (
        <p role="alert" className="text-sm text-destructive">
          {create.error.message}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {M.cancel}
        </Button>
        <SubmitButton pending={create.isPending}>{M.create}</SubmitButton>
      </div>
    </form>
  );
}
