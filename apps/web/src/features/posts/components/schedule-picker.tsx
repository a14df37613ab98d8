import { QUICK_TIMES, TIME_OPTIONS } from "@app/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { nextOccurrence, slotLabel, type TimeSuggestions } from "@/features/results/utils/best-times";
import { timeLabel } from "../utils/format";

/** The select's entry that opens the exact time field. */
const OTHER = "other";

/**
 * The date (today at the earliest) and the time the post goes out: the spec's hourly times and quick picks,
 * and any other time to the minute through "Other time…".
 */
export function SchedulePicker({
  id,
  minDate,
  date,
  time,
  onDateChange,
  onTimeChange,
  suggestions,
}: {
  id: string;
  minDate: string;
  date: string;
  time: string;
  onDateChange(date: string): void;
  onTimeChange(time: string): void;
  /** the best times to post (Premium): a click picks the next such weekday and hour */
  suggestions?: TimeSuggestions;
}) {
  const offHour = time !== "" && !TIME_OPTIONS.includes(time);
  const [exact, setExact] = useState(offHour);
  const showExact = exact || offHour;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-date`}>Schedule date</Label>
        <Input
          id={`${id}-date`}
          type="date"
          min={minDate}
          value={date}
          onChange={(e) => onDateChange(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-time`}>Schedule time</Label>
        <NativeSelect
          id={`${id}-time`}
          value={showExact ? OTHER : time}
          onChange={(e) => {
            const value = e.target.value;
            setExact(value === OTHER);
            if (value !== OTHER) onTimeChange(value);
          }}
        >
          <option value="">Select a time</option>
          {TIME_OPTIONS.map((t) => (
            <option key={t} value={t}>
              {timeLabel(t)}
            </option>
          ))}
          <option value={OTHER}>Other time…</option>
        </NativeSelect>
      </div>
      {showExact && (
        <div className="grid gap-2 sm:col-start-2">
          <Label htmlFor={`${id}-exact`}>Exact time</Label>
          <Input id={`${id}-exact`} type="time" step={60} value={time} onChange={(e) => onTimeChange(e.target.value)} />
        </div>
      )}
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-medium">Quick times</legend>
        <div className="flex flex-wrap gap-2">
          {QUICK_TIMES.map((q) => (
            <Button
              key={q.value}
              type="button"
              size="sm"
              variant={time === q.value ? "default" : "outline"}
              aria-pressed={time === q.value}
              onClick={() => {
                setExact(false);
                onTimeChange(q.value);
              }}
            >
              {q.label}
            </Button>
          ))}
        </div>
      </fieldset>
      {suggestions && suggestions.slots.length > 0 && (
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium">Best times{suggestions.general ? " (general)" : ""}:</legend>
          <div className="flex flex-wrap gap-2">
            {suggestions.slots.map((s) => {
              const at = nextOccurrence(s.weekday, s.hour, new Date(), suggestions.zone);
              const chosen = date === at.date && time === at.time;
              return (
                <Button
                  key={`${s.weekday}-${s.hour}`}
                  type="button"
                  size="sm"
                  variant={chosen ? "default" : "outline"}
                  aria-pressed={chosen}
                  onClick={() => {
                    const next = nextOccurrence(s.weekday, s.hour, new Date(), suggestions.zone);
                    setExact(false);
                    onDateChange(next.date);
                    onTimeChange(next.time);
                  }}
                >
                  {slotLabel(s.weekday, s.hour)}
                </Button>
              );
            })}
          </div>
        </fieldset>
      )}
    </div>
  );
}
