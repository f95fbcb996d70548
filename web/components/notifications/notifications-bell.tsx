import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "~/components/ui/icons";
import * as React from "react";
import { notificationQueryKeys, notificationsApi, type NotificationView } from "~/lib/notifications-api";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { useDates } from "~/lib/dates-context";
import { refetchAfterWrite } from "~/lib/query";

export type NotificationsBellProps = {
  /** How often the unread count refreshes while "Live updates" is on (ms). Default one minute; 0 never. */
  pollMs?: number;
  className?: string;
};

/**
 * The bell: unread count as a badge, and the latest notifications in a menu. Opening an item marks
 * it read and follows its in-app link; "Mark all read" clears the count. With the Notifications
 * setting "Live updates" on, the count refreshes every `pollMs`.
 */
export function NotificationsBell({ pollMs = 60_000, className }: NotificationsBellProps) {
  const { dayTime: when } = useDates();
  const queryClient = useQueryClient();
  const [open, setOpen] = React.useState(false);
  const settings = useQuery({ queryKey: notificationQueryKeys.settings, queryFn: notificationsApi.settings, staleTime: 5 * 60_000 });
  const live = settings.data?.settings.live ?? false;
  const unread = useQuery({
    queryKey: notificationQueryKeys.unread,
    queryFn: notificationsApi.unreadCount,
    refetchInterval: live && pollMs > 0 ? pollMs : false,
  });
  const list = useQuery({ queryKey: notificationQueryKeys.list, queryFn: () => notificationsApi.list({ limit: 20 }), enabled: open });
  const markRead = useMutation({
    mutationFn: (ids: string[] | "all") => (ids === "all" ? notificationsApi.markAllRead() : notificationsApi.markRead(ids)),
    onSuccess: (data) => {
      queryClient.setQueryData(notificationQueryKeys.unread, data);
      void refetchAfterWrite(queryClient, notificationQueryKeys.list);
    },
  });
  const count = unread.data?.unreadCount ?? 0;

  const openItem = (item: NotificationView) => {
    if (!item.read) markRead.mutate([item.id]);
    if (item.link?.startsWith("/")) window.location.assign(item.link);
  };

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={`relative ${className ?? ""}`} aria-label={count ? `Notifications, ${count} unread` : "Notifications"}>
          <Bell className="size-5" aria-hidden />
          {count ? (
            <span
              className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] font-semibold leading-4 text-destructive-foreground"
              aria-hidden
            >
              {count > 99 ? "99+" : count}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 p-0">
        <div className="flex items-center justify-between border-b px-3 py-2">
          <span className="text-sm font-semibold">Notifications</span>
          <Button variant="link" size="sm" className="h-auto p-0 text-xs" disabled={!count || markRead.isPending} onClick={() => markRead.mutate("all")}>
            Mark all read
          </Button>
        </div>
        {list.isPending ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">Loading…</p>
        ) : list.isError ? (
          <p role="alert" className="px-3 py-4 text-sm text-destructive">
            {list.error.message}
          </p>
        ) : list.data.items.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">No notifications yet.</p>
        ) : (
          <ul className="max-h-96 overflow-y-auto" aria-label="Notifications">
            {list.data.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="grid w-full gap-0.5 border-b px-3 py-2 text-left hover:bg-muted focus:bg-muted focus:outline-none"
                  onClick={() => openItem(item)}
                >
                  <span className={`text-sm ${item.read ? "" : "font-semibold"}`}>
                    {item.read ? null : <span className="sr-only">Unread: </span>}
                    {item.title}
                  </span>
                  {item.body ? <span className="line-clamp-2 text-xs text-muted-foreground">{item.body}</span> : null}
                  <span className="text-[11px] text-muted-foreground">{when(item.createdAt)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
