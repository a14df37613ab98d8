import { AVATAR_MAX_BYTES, AVATAR_TYPES, PROFILE_MESSAGES, type Profile } from "@app/shared";
import { Camera, Mail, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { SubmitButton } from "@/components/ui/submit-button";
import { browserTimeZone, supportedTimeZones } from "@/lib/time-zone";
import { initials } from "@/lib/utils";
import { useChangeEmail, useProfile, useRemoveAvatar, useUpdateProfile, useUploadAvatar } from "../api/profile";

/** Settings → Profile: avatar (initials fallback), full name, e-mail (changed through a link), time zone. */
export function ProfileCard() {
  const { data: profile } = useProfile();
  return (
    <Card data-testid="profile-card">
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name, e-mail address, avatar and time zone.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {profile ? (
          <>
            <AvatarSection profile={profile} />
            <DetailsForm profile={profile} />
            <EmailSection profile={profile} />
          </>
        ) : (
          <Skeleton className="h-48 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

function AvatarSection({ profile }: { profile: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const noteId = useId();

  function onFile(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    // The server checks the bytes; this only spares a pointless upload.
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error(PROFILE_MESSAGES.avatarTooLarge);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success("Avatar updated"),
      onError: (err) => toast.error(err.message),
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar className="size-16" data-testid="profile-avatar">
        {profile.image && <AvatarImage src={profile.image} alt="Your avatar" />}
        <AvatarFallback className="text-lg">{initials(profile.name)}</AvatarFallback>
      </Avatar>
      <div className="grid gap-1">
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={upload.isPending}
            aria-describedby={noteId}
            onClick={() => input.current?.click()}
          >
            <Camera aria-hidden />
            {upload.isPending ? "Uploading…" : "Change Avatar"}
          </Button>
          {profile.image && (
            <Button
              type="button"
              variant="ghost"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success("Avatar removed"),
                  onError: (err) => toast.error(err.message),
                })
              }
            >
              <Trash2 aria-hidden />
              Remove
            </Button>
          )}
        </div>
        <p id={noteId} className="text-sm text-muted-foreground">
          {PROFILE_MESSAGES.avatarNote}
        </p>
        <input
          ref={input}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label="Change Avatar"
          accept={[...AVATAR_TYPES, ".jpg", ".jpeg", ".gif", ".png"].join(",")}
          onChange={(e) => onFile(e.target.files?.[0])}
        />
      </div>
    </div>
  );
}

function DetailsForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [name, setName] = useState(profile.name);
  const [timezone, setTimezone] = useState(profile.timezone ?? "");
  const zones = useMemo(supportedTimeZones, []);
  const nameId = useId();
  const zoneId = useId();
  useEffect(() => {
    setName(profile.name);
    setTimezone(profile.timezone ?? "");
  }, [profile.name, profile.timezone]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      toast.error(PROFILE_MESSAGES.nameRequired);
      return;
    }
    update.mutate(
      { name: name.trim(), timezone: timezone || null },
      {
        onSuccess: () => toast.success(PROFILE_MESSAGES.saved),
        onError: (err) => toast.error(err.message.replace(/^[A-Za-z ]+: /, "")),
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={nameId}>Full name</Label>
        <Input id={nameId} value={name} maxLength={100} autoComplete="name" onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={zoneId}>Time zone</Label>
        <NativeSelect id={zoneId} value={timezone} onChange={(e) => setTimezone(e.target.value)}>
          <option value="">Browser default ({browserTimeZone()})</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </NativeSelect>
        <p className="text-sm text-muted-foreground">Dates are shown and posts scheduled in this time zone.</p>
      </div>
      <div>
        <SubmitButton pending={update.isPending}>Save Changes</SubmitButton>
      </div>
    </form>
  );
}

function EmailSection({ profile }: { profile: Profile }) {
  const change = useChangeEmail();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const [newEmail, setNewEmail] = useState("");
  const emailId = useId();

  // Back from the link sent to the new address.
  useEffect(() => {
    const outcome = params.get("email");
    const error = params.get("error");
    if (!outcome && !error) return;
    if (outcome === "changed" && !error) toast.success(`Your e-mail address is now ${profile.email}.`);
    else toast.error("That link is invalid or has expired. Ask for a new one.");
    const next = new URLSearchParams(params);
    next.delete("email");
    next.delete("error");
    setParams(next, { replace: true });
  }, [params, setParams, profile.email]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    change.mutate(newEmail.trim(), {
      onSuccess: (p) => {
        toast.success(PROFILE_MESSAGES.emailLinkSent(p.pendingEmail ?? newEmail.trim()));
        setEditing(false);
        setNewEmail("");
      },
      onError: (err) => toast.error(err.message.replace(/^[A-Za-z -]+: /, "")),
    });
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={editing ? emailId : undefined}>E-mail</Label>
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 truncate text-sm" data-testid="profile-email">
          {profile.email}
        </span>
        {!editing && (
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Mail aria-hidden />
            Change e-mail
          </Button>
        )}
      </div>
      {profile.pendingEmail && (
        <p className="text-sm text-muted-foreground" role="status">
          {PROFILE_MESSAGES.emailLinkSent(profile.pendingEmail)}
        </p>
      )}
      {editing && (
        <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmit} noValidate>
          <div className="grid min-w-56 flex-1 gap-2">
            <Label htmlFor={emailId} className="sr-only">
              New e-mail address
            </Label>
            <Input
              id={emailId}
              type="email"
              autoComplete="email"
              placeholder="New e-mail address"
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
            />
          </div>
          <SubmitButton pending={change.isPending} disabled={!newEmail.trim()}>
            Change e-mail
          </SubmitButton>
          <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      )}
    </div>
  );
}
