import { MEDIA_MAX_BYTES } from "@app/shared";
import { FolderOpen, UploadCloud } from "lucide-react";
import { type DragEvent, type ReactNode, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

const LIMIT_MB = MEDIA_MAX_BYTES / (1024 * 1024);

/**
 * Where files are dropped or chosen: several at once, images and videos only (the chooser offers only
 * those; dropped files are checked by the upload). `children` adds more actions beside Choose Files.
 */
export function MediaDropZone({
  onFiles,
  disabled = false,
  compact = false,
  children,
  className,
}: {
  onFiles(files: File[]): void;
  disabled?: boolean;
  /** a lower box, for the composer */
  compact?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);

  const onDragOver = (e: DragEvent) => {
    if (disabled || !e.dataTransfer.types.includes("Files")) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
    setOver(true);
  };
  const onDrop = (e: DragEvent) => {
    if (disabled) return;
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; Choose Files inside is the keyboard's way
    <div
      onDragOver={onDragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
      data-dragging={over || undefined}
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-4 text-center transition-colors",
        compact ? "py-5" : "py-10",
        over ? "border-primary bg-primary/5" : "border-input",
        className,
      )}
    >
      <UploadCloud className={cn("text-muted-foreground", compact ? "size-6" : "size-9")} aria-hidden />
      <div className="grid gap-1">
        <p className="text-sm font-medium">Drag and drop images or videos here</p>
        <p id={hintId} className="text-xs text-muted-foreground">
          Several files at once, up to {LIMIT_MB}MB each. They upload one at a time.
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          <FolderOpen aria-hidden />
          Choose Files
        </Button>
        {children}
      </div>
      <input
        ref={input}
        type="file"
        multiple
        accept="image/*,video/*"
        aria-label="Choose images or videos to upload"
        className="hidden"
        tabIndex={-1}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // The same file may be chosen again later.
          e.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
