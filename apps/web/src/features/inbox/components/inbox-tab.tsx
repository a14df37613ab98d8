import { INBOX_MESSAGES } from "@app/shared";
import { CircleAlert, Inbox, MessagesSquare } from "lucide-react";
import { useEffect } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useInbox } from "../api/get-inbox";
import { useInboxFilter } from "../hooks/use-inbox-filter";
import { useWideScreen } from "../hooks/use-wide-screen";
import { DEFAULT_INBOX_FILTER, isFiltered, pageCount } from "../utils/filter";
import { ConversationList } from "./conversation-list";
import { ConversationPanel } from "./conversation-panel";
import { InboxFilters } from "./inbox-filters";
import { SourcesNotice } from "./sources-notice";

function ListSkeleton() {
  return (
    <div className="grid gap-3" role="status" aria-busy="true">
      <span className="sr-only">Loading the inbox</span>
      {[0, 1].map((g) => (
        <div key={g} className="grid gap-2 rounded-lg border p-3">
          <Skeleton className="h-5 w-1/2" />
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex gap-3">
              <Skeleton className="size-9 rounded-full" />
              <div className="grid flex-1 gap-1.5">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-full" />
              </div>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * Engagement → Inbox: the comments on the workspace's published posts and the mentions of its accounts,
 * grouped by post, newest first, filtered and searched (in the address); one opened beside the list on a wide
 * screen, over it on a narrow one. Kept live by the "inbox" events (root's event stream).
 */
export function InboxTab() {
  const { filter, setFilter, conversation, open } = useInboxFilter();
  const list = useInbox(filter);
  const wide = useWideScreen();
  const data = list.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const filtered = isFiltered(filter);
  // The conversation's place beside the list, on a wide screen, once there is something to open.
  const beside = wide && Boolean(conversation || (data && data.conversations.length > 0));

  // A page that no longer exists (conversations marked done, fewer than before): the last one instead.
  useEffect(() => {
    if (data && !list.isPlaceholderData && filter.page > pages) setFilter({ ...filter, page: pages });
  }, [data, list.isPlaceholderData, filter, pages, setFilter]);

  let body: React.ReactNode;
  if (list.isPending) body = <ListSkeleton />;
  else if (!data) body = null;
  else if (data.conversations.length === 0)
    body = filtered ? (
      <EmptyState
        icon={Inbox}
        title={INBOX_MESSAGES.emptyFiltered}
        action={
          <Button variant="outline" onClick={() => setFilter(DEFAULT_INBOX_FILTER)}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState icon={Inbox} title={INBOX_MESSAGES.emptyTitle} description={INBOX_MESSAGES.emptyOpen} />
    );
  else
    body = (
      <>
        <ConversationList
          conversations={data.conversations}
          selected={conversation}
          onOpen={open}
          className={cn("transition-opacity", list.isPlaceholderData && "opacity-60")}
        />
        {pages > 1 && (
          <nav aria-label="Inbox pages" className="flex items-center justify-between gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={filter.page <= 1}
              onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
            >
              Previous
            </Button>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              Page {Math.min(filter.page, pages)} of {pages}
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={filter.page >= pages || list.isPlaceholderData}
              onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
            >
              Next
            </Button>
          </nav>
        )}
      </>
    );

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{INBOX_MESSAGES.description}</p>
      {data && <SourcesNotice sources={data.sources} />}
      <InboxFilters filter={filter} sources={data?.sources ?? []} onChange={setFilter} />
      {list.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>
            <p>{INBOX_MESSAGES.loadFailed}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
                Try again
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      )}
      <div className={cn("grid gap-4", beside && "grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-start")}>
        <section
          aria-label="Conversations"
          aria-busy={list.isPlaceholderData}
          className="grid min-w-0 content-start gap-3"
        >
          {body}
        </section>
        {beside && (
          <aside
            aria-label="Conversation"
            className="sticky top-20 max-h-[calc(100svh-6rem)] min-w-0 overflow-y-auto rounded-lg border bg-card"
          >
            {conversation ? (
              <ConversationPanel key={conversation} id={conversation} onClose={() => open(null)} />
            ) : (
              <div className="flex flex-col items-center justify-center gap-2 px-6 py-16 text-center text-sm text-muted-foreground">
                <MessagesSquare className="size-8" aria-hidden />
                Choose a conversation to read it and reply.
              </div>
            )}
          </aside>
        )}
      </div>
      {!wide && conversation && (
        <Dialog open onOpenChange={(o) => !o && open(null)}>
          <DialogContent
            aria-describedby={undefined}
            className="inset-0 left-0 top-0 block h-svh w-full max-w-none translate-x-0 translate-y-0 overflow-y-auto rounded-none border-0 p-0 pt-6 sm:inset-y-0 sm:left-auto sm:right-0 sm:max-w-xl sm:border-l"
          >
            <DialogTitle className="sr-only">Conversation</DialogTitle>
            <ConversationPanel key={conversation} id={conversation} onClose={() => open(null)} showClose={false} />
          </DialogContent>
        </Dialog>
      )}
    </div>
  );
}
