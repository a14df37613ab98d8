import { QUICK_TIMES, TIME_OPTIONS } from "@app/shared";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { timeLabel } from "../utils/format";

/** The date (today at the earliest) and the hour the post goes out, with quick picks for the time. */
export function SchedulePicker({
  id,
  minDate,
  date,
  time,
  onDateChange,
  onTimeChange,
}: {
  id: string;
  minDate: string;
  date: string;
  time: string;
  onDateChange(date: string): void;
  onTimeChange(time: string): void;
}) {
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
        <NativeSelect id={`${id}-time`} value={time} onChange={(e) => onTimeChange(e.target.value)}>
          <option value="">Select a time</option>
          {TIME_OPTIONS.map((t) => (
            <option key={t} value={t}>
              {timeLabel(t)}
            </option>
          ))}
        </NativeSelect>
      </div>
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
              onClick={() => onTimeChange(q.value)}
            >
              {q.label}
            </Button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
