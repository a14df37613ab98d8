import { API_KEY_SCOPE_LABELS, type ApiKey, API_KEY_MESSAGES as M, MCP_PATH, PUBLIC_API_PREFIX } from "@app/shared";
import { formatDistanceToNow } from "date-fns";
import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { CopyField } from "@/components/copy-field";
import { SecretOnceDialog } from "@/components/secret-once-dialog";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useCan, useWorkspaceRole } from "@/lib/permissions";
import { formatDate, formatDateTime } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { useApiKeys, useRevokeApiKey } from "../api/api-keys";
import { absoluteUrl, isExpired } from "../utils/api-keys";
import { CreateApiKeyDialog } from "./create-api-key-dialog";

/** Settings → API keys: the addresses of the API and the MCP server, the workspace's keys, create and revoke. */
export function ApiKeysCard() {
  const role = useWorkspaceRole();
  const may = useCan("integration", "manage");
  return (
    <Card id="api-keys" className="scroll-mt-6">
      <CardHeader>
        <CardTitle>{M.title}</CardTitle>
        <CardDescription>{M.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Addresses />
        {role === undefined ? (
          <Skeleton className="h-24 w-full" />
        ) : may.allowed ? (
          <ApiKeyList />
        ) : (
          <p className="text-sm text-muted-foreground">{M.noRight}</p>
        )}
      </CardContent>
    </Card>
  );
}

/** Where scripts and assistants send their requests, with the API reference. */
function Addresses() {
  const origin = window.location.origin;
  return (
    <div className="grid gap-4 rounded-md border bg-muted/30 p-4">
      <div className="grid gap-1">
        <CopyField
          id="api-base-url"
          label={M.apiBaseLabel}
          value={absoluteUrl(origin, PUBLIC_API_PREFIX)}
          copyLabel={M.copyAddress(M.apiBaseLabel)}
          copied={M.addressCopied}
          copyFailed={M.copyFailed}
        />
        <p className="text-xs text-muted-foreground">
          {M.apiHint}{" "}
          <a
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {M.docsLink}
          </a>
        </p>
      </div>
      <div className="grid gap-1">
        <CopyField
          id="mcp-url"
          label={M.mcpLabel}
          value={absoluteUrl(origin, MCP_PATH)}
          copyLabel={M.copyAddress(M.mcpLabel)}
          copied={M.addressCopied}
          copyFailed={M.copyFailed}
        />
        <p className="text-xs text-muted-foreground">{M.mcpHint}</p>
      </div>
    </div>
  );
}

function ApiKeyList() {
  const keys = useApiKeys({ enabled: true });
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <div className="grid gap-3">
      <div>
        <Button type="button" onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          {M.create}
        </Button>
      </div>
      {keys.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : keys.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {M.listFailed}
        </p>
      ) : keys.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{M.empty}</p>
      ) : (
        <ul aria-label={M.listLabel} className="divide-y rounded-md border">
          {keys.data.map((key) => (
            <ApiKeyRow
              key={key.id}
              apiKey={key}
              revoking={revoke.isPending && revoke.variables === key.id}
              onRevoke={() => setRevoking(key)}
            />
          ))}
        </ul>
      )}
      <CreateApiKeyDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(created, name) => {
          setCreating(false);
          setSecret(created);
          toast.success(M.created, { description: name });
        }}
      />
      <SecretOnceDialog
        secret={secret}
        onClose={() => setSecret(null)}
        title={M.shownOnceTitle}
        description={M.shownOnce}
        label={M.title}
        copyLabel={M.copy}
        copied={M.copied}
        copyFailed={M.copyFailed}
        doneLabel={M.done}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={M.revokeConfirm(revoking?.name ?? "")}
        description={M.revokeDetail}
        confirmLabel={M.revoke}
        destructive
        onConfirm={() => {
          const key = revoking;
          setRevoking(null);
          if (!key) return;
          revoke.mutate(key.id, {
            onSuccess: () => toast.success(M.revoked, { description: key.name }),
            onError: (err) => toast.error(err.message),
          });
        }}
      />
    </div>
  );
}

function ApiKeyRow({ apiKey, revoking, onRevoke }: { apiKey: ApiKey; revoking: boolean; onRevoke(): void }) {
  const zone = useDisplayTimeZone();
  const expired = isExpired(apiKey, new Date());
  return (
    <li className="flex min-w-0 flex-wrap items-start gap-3 p-3" aria-label={apiKey.name}>
      <KeyRound className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="min-w-0 truncate text-sm font-medium">{apiKey.name}</span>
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{apiKey.start}…</code>
          {expired && <Badge variant="destructive">{M.expired}</Badge>}
        </div>
        <div className="flex flex-wrap gap-1">
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="secondary">
              {API_KEY_SCOPE_LABELS[scope]}
            </Badge>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          {apiKey.createdBy ? M.createdBy(apiKey.createdBy.name) : M.createdByFormer}
          {" · "}
          <time dateTime={apiKey.createdAt} title={formatDateTime(apiKey.createdAt, zone)}>
            {formatDate(apiKey.createdAt, zone)}
          </time>
          {" · "}
          {apiKey.lastUsedAt ? (
            <time dateTime={apiKey.lastUsedAt} title={formatDateTime(apiKey.lastUsedAt, zone)}>
              {M.lastUsed(formatDistanceToNow(new Date(apiKey.lastUsedAt), { addSuffix: true }))}
            </time>
          ) : (
            M.neverUsed
          )}
          {apiKey.expiresAt && (
            <>
              {" · "}
              <time dateTime={apiKey.expiresAt} title={formatDateTime(apiKey.expiresAt, zone)}>
                {expired
                  ? M.expiredOn(formatDate(apiKey.expiresAt, zone))
                  : M.expires(formatDate(apiKey.expiresAt, zone))}
              </time>
            </>
          )}
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        disabled={revoking}
        aria-label={M.revokeLabel(apiKey.name)}
        onClick={onRevoke}
      >
        {M.revoke}
      </Button>
    </li>
  );
}
