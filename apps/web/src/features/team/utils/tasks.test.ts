import type { Task } from "@app/shared";
import { describe, expect, it } from "vitest";
import { dayIn } from "@/lib/time-zone";
import {
  applyTaskChange,
  EMPTY_TASK_FORM,
  filterTasks,
  groupTasksByStatus,
  isOverdue,
  mayChangeTask,
  NO_TASK_FILTERS,
  recentPostChoices,
  taskFormToBody,
  taskToForm,
} from "./tasks";

const ann = { id: "u-ann", name: "Ann", email: "ann@example.com", image: null };
const bob = { id: "u-bob", name: "Bob", email: "bob@example.com", image: null };

function task(over: Partial<Task> & Pick<Task, "id">): Task {
  return {
    title: `Task ${over.id}`,
    description: "",
    status: "pending",
    priority: "medium",
    dueDate: null,
    assignee: null,
    createdBy: ann,
    post: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...over,
  };
}

const tasks = [
  task({ id: "1", title: "Write the launch thread", status: "in_progress", priority: "high", assignee: ann }),
  task({ id: "2", title: "Pick images", description: "For the LAUNCH post", assignee: bob, priority: "low" }),
  task({ id: "3", title: "Review copy", status: "completed" }),
];

describe("filterTasks", () => {
  it("lets everything through without filters", () => {
    expect(filterTasks(tasks, NO_TASK_FILTERS, ann.id)).toHaveLength(3);
  });

  it("filters by status, priority and assignee together", () => {
    expect(filterTasks(tasks, { ...NO_TASK_FILTERS, status: "in_progress" }, ann.id).map((t) => t.id)).toEqual(["1"]);
    expect(filterTasks(tasks, { ...NO_TASK_FILTERS, priority: "low" }, ann.id).map((t) => t.id)).toEqual(["2"]);
    expect(filterTasks(tasks, { ...NO_TASK_FILTERS, assignee: bob.id }, ann.id).map((t) => t.id)).toEqual(["2"]);
    expect(filterTasks(tasks, { ...NO_TASK_FILTERS, assignee: bob.id, priority: "high" }, ann.id)).toEqual([]);
  });

  it("reads 'me' as the signed-in member", () => {
    expect(filterTasks(tasks, { ...NO_TASK_FILTERS, assignee: "me" }, ann.id).map((t) => t.id)).toEqual(["1"]);
    expect(filterTasks(tasks, { ...NO_TASK_FILTERS, assignee: "me" }, bob.id).map((t) => t.id)).toEqual(["2"]);
  });

  it("searches title and description in any case, ignoring surrounding spaces", () => {
    expect(filterTasks(tasks, { ...NO_TASK_FILTERS, search: "  launch " }, ann.id).map((t) => t.id)).toEqual([
      "1",
      "2",
    ]);
  });
});

describe("groupTasksByStatus", () => {
  it("gives every column, empty ones included, keeping the order", () => {
    const columns = groupTasksByStatus([...tasks, task({ id: "4", status: "in_progress" })]);
    expect(Object.keys(columns)).toEqual(["pending", "in_progress", "pending_approval", "completed"]);
    expect(columns.in_progress.map((t) => t.id)).toEqual(["1", "4"]);
    expect(columns.pending_approval).toEqual([]);
    expect(columns.completed.map((t) => t.id)).toEqual(["3"]);
  });
});

describe("isOverdue", () => {
  const today = "2026-05-10";
  it("is late only after the due day, and never once completed", () => {
    expect(isOverdue({ dueDate: "2026-05-09", status: "pending" }, today)).toBe(true);
    expect(isOverdue({ dueDate: "2026-05-10", status: "pending" }, today)).toBe(false);
    expect(isOverdue({ dueDate: "2026-05-09", status: "completed" }, today)).toBe(false);
    expect(isOverdue({ dueDate: null, status: "pending" }, today)).toBe(false);
  });

  it("counts today in the user's zone: late in Tokyo is not yet late in Los Angeles", () => {
    const now = new Date("2026-05-10T02:00:00Z");
    const task = { dueDate: "2026-05-09", status: "pending" } as const;
    expect(isOverdue(task, dayIn(now, "Asia/Tokyo"))).toBe(true);
    expect(isOverdue(task, dayIn(now, "America/Los_Angeles"))).toBe(false);
  });
});

describe("applyTaskChange", () => {
  it("puts a new task first, replaces a changed one in place and drops a deleted one", () => {
    const added = applyTaskChange(tasks, { action: "insert", task: task({ id: "9" }) });
    expect(added.map((t) => t.id)).toEqual(["9", "1", "2", "3"]);
    const changed = applyTaskChange(tasks, { action: "update", task: task({ id: "2", title: "Renamed" }) });
    expect(changed.map((t) => t.title)).toEqual(["Write the launch thread", "Renamed", "Review copy"]);
    expect(applyTaskChange(tasks, { action: "delete", task: tasks[0] as Task }).map((t) => t.id)).toEqual(["2", "3"]);
  });

  it("does not list a task twice when the insert arrives after the answer", () => {
    const once = applyTaskChange(tasks, { action: "insert", task: tasks[1] as Task });
    expect(once.map((t) => t.id)).toEqual(["1", "2", "3"]);
  });
});

describe("taskFormToBody", () => {
  it("turns empty choices into null and trims the title", () => {
    const result = taskFormToBody({ ...EMPTY_TASK_FORM, title: "  Draft the post  " });
    expect(result).toEqual({
      ok: true,
      body: {
        title: "Draft the post",
        description: "",
        status: "pending",
        priority: "medium",
        dueDate: null,
        assigneeId: null,
        postId: null,
      },
    });
  });

  it("names the field of each problem with the shared schema's message", () => {
    const result = taskFormToBody({ ...EMPTY_TASK_FORM, title: " ", dueDate: "10/05/2026" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.title).toBe("Give the task a title.");
    expect(result.errors.dueDate).toBeTruthy();
  });

  it("refuses control characters in the title", () => {
    expect(taskFormToBody({ ...EMPTY_TASK_FORM, title: "a\u0007b" }).ok).toBe(false);
  });

  it("round-trips a task through the form", () => {
    const t = task({ id: "5", dueDate: "2026-06-01", assignee: bob, post: { id: crypto.randomUUID(), excerpt: "x" } });
    const result = taskFormToBody(taskToForm(t));
    expect(result.ok && result.body).toMatchObject({ dueDate: "2026-06-01", assigneeId: bob.id, postId: t.post?.id });
  });
});

describe("mayChangeTask", () => {
  it("lets managers change any task and others only theirs", () => {
    const bobs = task({ id: "6", createdBy: bob, assignee: null });
    expect(mayChangeTask(bobs, "editor", ann.id)).toBe(true);
    expect(mayChangeTask(bobs, "contributor", ann.id)).toBe(false);
    expect(mayChangeTask(bobs, "contributor", bob.id)).toBe(true);
    expect(mayChangeTask({ ...bobs, assignee: ann }, "contributor", ann.id)).toBe(true);
  });
});

describe("recentPostChoices", () => {
  it("offers the newest posts first with a one-line start of their text", () => {
    const choices = recentPostChoices(
      [
        { id: "a", content: "old", createdAt: "2026-01-01T00:00:00Z" },
        { id: "b", content: `new\n${"x".repeat(80)}`, createdAt: "2026-02-01T00:00:00Z" },
        { id: "c", content: "  ", createdAt: "2025-01-01T00:00:00Z" },
      ],
      2,
    );
    expect(choices.map((c) => c.id)).toEqual(["b", "a"]);
    expect(choices[0]?.excerpt).toMatch(/^new x+…$/);
    expect(choices[0]?.excerpt.length).toBe(60);
  });
});
