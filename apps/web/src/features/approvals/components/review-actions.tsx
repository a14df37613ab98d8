import { APPROVAL_MESSAGES, approvePostBodySchema, type Post, rejectPostBodySchema, todayIn } from "@app/shared";
import { Check, MessageSquareWarning } from "lucide-react";
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
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { SchedulePicker } from "@/features/posts/components/schedule-picker";
import { postMomentParts } from "@/features/posts/utils/format";
import { ApiError } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { useApprovePost, useRejectPost } from "../api/review-post";
import { timeHasPassed } from "../utils/review";

/** When the approved post goes out, in the zone the user sees times in (and on its own clock when that differs). */
const approvedToast = (post: Post, zone: string) => {
  const at = postMomentParts(post, zone);
  toast.success(APPROVAL_MESSAGES.approvedTitle, {
    description: APPROVAL_MESSAGES.approvedFor(at.date, at.hint ? `${at.time} (${at.hint})` : at.time),
  });
};

/** The server's refusal because the post's time went by while it waited: ask for a new one instead of failing. */
const isTimePassed = (err: Error) => err instanceof ApiError && err.code === "TIME_PASSED";

/**
 * Approve and Reject of a post waiting for approval, for members who may approve (nothing for the others).
 * Approve schedules it at its own time; when that has passed, it asks for a new date and time first.
 * Reject asks for a comment saying what to change.
 */
export function ReviewActions({ post, size = "sm" }: { post: Post; size?: "sm" | "default" }) {
  const approver = useCan("post", "approve");
  const approve = useApprovePost();
  const zone = useDisplayTimeZone();
  const [askingTime, setAskingTime] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  if (!approver.allowed || post.status !== "pending_approval") return null;

  const approveAtItsTime = () => {
    if (timeHasPassed(post)) return setAskingTime(true);
    approve.mutate(
      { id: post.id, body: {} },
      {
        onSuccess: (approved) => approvedToast(approved, zone),
        onError: (err) => {
          if (isTimePassed(err)) setAskingTime(true);
          else toast.error(APPROVAL_MESSAGES.approveFailed, { description: err.message });
        },
      },
    );
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button size={size} onClick={approveAtItsTime} disabled={approve.isPending} aria-label="Approve post">
        {approve.isPending ? <Spinner className="size-4 text-current" label="Approving" /> : <Check aria-hidden />}
        Approve
      </Button>
      <Button size={size} variant="outline" onClick={() => setRejecting(true)} aria-label="Reject post">
        <MessageSquareWarning aria-hidden />
        Reject
      </Button>
      {askingTime && <NewTimeDialog post={post} onClose={() => setAskingTime(false)} />}
      {rejecting && <RejectDialog post={post} onClose={() => setRejecting(false)} />}
    </div>
  );
}

/** The post's time has passed: the approver picks a new one on the post's own clock (its zone). */
function NewTimeDialog({ post, onClose }: { post: Post; onClose(): void }) {
  const id = useId();
  const approve = useApprovePost();
  const zone = useDisplayTimeZone();
  const today = todayIn(post.timezone);
  const [date, setDate] = useState(today);
  const [time, setTime] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const body = approvePostBodySchema.safeParse({ scheduledDate: date, scheduledTime: time });
    if (!body.success || !date || !time) {
      setProblem(body.error?.issues[0]?.message ?? "Choose a date and a time.");
      return;
    }
    setProblem(null);
    approve.mutate(
      { id: post.id, body: body.data },
      {
        onSuccess: (approved) => {
          approvedToast(approved, zone);
          onClose();
        },
        onError: (err) => setProblem(err.message),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Choose a new time</DialogTitle>
          <DialogDescription>
            {APPROVAL_MESSAGES.timePassed} Times are in the post's zone, {post.timezone}.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <SchedulePicker
            id={`${id}-schedule`}
            minDate={today}
            date={date}
            time={time}
            onDateChange={setDate}
            onTimeChange={setTime}
          />
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={approve.isPending}>
              {approve.isPending ? (
                <Spinner className="size-4 text-current" label="Approving" />
              ) : (
                <Check aria-hidden />
              )}
              Approve and schedule
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Reject: back to draft, with a comment (required) the author sees on the post. */
function RejectDialog({ post, onClose }: { post: Post; onClose(): void }) {
  const id = useId();
  const reject = useRejectPost();
  const [comment, setComment] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const body = rejectPostBodySchema.safeParse({ comment });
    if (!body.success) {
      setProblem(body.error.issues[0]?.message ?? APPROVAL_MESSAGES.commentRequired);
      return;
    }
    setProblem(null);
    reject.mutate(
      { id: post.id, body: body.data },
      {
        onSuccess: () => {
          toast.success(APPROVAL_MESSAGES.rejectedTitle, { description: APPROVAL_MESSAGES.rejected });
          onClose();
        },
        onError: (err) => setProblem(`${APPROVAL_MESSAGES.rejectFailed} ${err.message}`),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Request changes</DialogTitle>
          <DialogDescription>
            The post goes back to draft. Say what to change; the author sees it on the post.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-comment`}>Comment</Label>
            <Textarea
              id={`${id}-comment`}
              rows={4}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
            {problem && (
              <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {reject.isPending && <Spinner className="size-4 text-current" label="Rejecting" />}
              Reject
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
