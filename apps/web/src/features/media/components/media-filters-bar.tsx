import { MEDIA_FILE_TYPES, PLATFORM_LABELS, type Platform } from "@app/shared";
import { Search } from "lucide-react";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { ANY, type MediaFilters } from "../utils/media-filters";

const TYPE_OPTIONS = { image: "Images", video: "Videos" } as const;

/**
 * Search by name, the type filter, and the platform filter when some files came from a network (`platforms`
 * lists those networks; empty hides the filter).
 */
export function MediaFiltersBar({
  value,
  onChange,
  platforms,
}: {
  value: MediaFilters;
  onChange(value: MediaFilters): void;
  platforms: readonly Platform[];
}) {
  const id = useId();
  return (
    <search className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid min-w-0 flex-1 gap-1.5">
        <Label htmlFor={`${id}-search`}>Search</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Search by file name"
            className="pl-9"
            value={value.search}
            onChange={(e) => onChange({ ...value, search: e.target.value })}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <div className="grid min-w-0 gap-1.5 sm:w-40">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <NativeSelect
            id={`${id}-type`}
            value={value.type}
            onChange={(e) => onChange({ ...value, type: e.target.value as MediaFilters["type"] })}
          >
            <option value={ANY}>All Types</option>
            {MEDIA_FILE_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_OPTIONS[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {platforms.length > 0 && (
          <div className="grid min-w-0 gap-1.5 sm:w-44">
            <Label htmlFor={`${id}-platform`}>Platform</Label>
            <NativeSelect
              id={`${id}-platform`}
              value={value.platform}
              onChange={(e) => onChange({ ...value, platform: e.target.value as MediaFilters["platform"] })}
            >
              <option value={ANY}>All Platforms</option>
              {platforms.map((p) => (
                <option key={p} value={p}>
                  {PLATFORM_LABELS[p]}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
      </div>
    </search>
  );
}
