import { useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import * as React from "react";
import { toast } from "~/hooks/use-toast";
import { briefQueryKeys, briefsApi, type BriefDraft, type BriefPage, type BriefView } from "~/lib/briefs-api";
import { ApiError } from "~/lib/query";

type Pages = InfiniteData<BriefPage, string | null>;

export type BriefActions = {
  create: (draft: BriefDraft) => Promise<boolean>;
  save: (brief: BriefView, draft: BriefDraft) => Promise<boolean>;
  remove: (brief: BriefView) => Promise<void>;
  share: (brief: BriefView) => Promise<BriefView | null>;
  rotate: (brief: BriefView) => Promise<BriefView | null>;
  revoke: (brief: BriefView) => Promise<BriefView | null>;
};

export const errorText = (err: unknown) => (err instanceof Error ? err.message : "Try again in a moment.");

/**
 * The planner's briefs, a page at a time (the loader's first page seeds the cache), and what can
 * be done to them. Every change updates the cached pages in place, so the list never jumps.
 */
export function useBriefs(initialPage: BriefPage) {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: briefQueryKeys.list,
    queryFn: ({ pageParam }) => briefsApi.list(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: { pages: [initialPage], pageParams: [null] },
    // The loader's page is fresh: no second read straight after the page renders.
    staleTime: 30_000,
  });

  const edit = React.useCallback(
    async (change: (briefs: BriefView[], pageIndex: number) => BriefView[]) => {
      await queryClient.cancelQueries({ queryKey: briefQueryKeys.list });
      queryClient.setQueryData<Pages>(briefQueryKeys.list, (old) =>
        old ? { ...old, pages: old.pages.map((page, i) => ({ ...page, briefs: change(page.briefs, i) })) } : old,
      );
    },
    [queryClient],
  );
  const replace = (brief: BriefView) => edit((briefs) => briefs.map((b) => (b.id === brief.id ? brief : b)));
  const forget = (id: string) => edit((briefs) => briefs.filter((b) => b.id !== id));

  // Deleted in another tab: the row goes, with a word why; anything else is said as it is.
  const failed = (err: unknown, brief: BriefView | null, title: string) => {
    if (brief && err instanceof ApiError && err.status === 404) {
      void forget(brief.id);
      toast({ title: "That brief no longer exists", description: "It was deleted elsewhere." });
      return;
    }
    toast({ title, description: errorText(err), variant: "destructive" });
  };

  const sharing = (call: (brief: BriefView) => Promise<{ brief: BriefView }>, title: string) => async (brief: BriefView) => {
    try {
      const { brief: next } = await call(brief);
      await replace(next);
      return next;
    } catch (err) {
      failed(err, brief, title);
      return null;
    }
  };

  const actions: BriefActions = {
    create: async (draft) => {
      try {
        const { brief } = await briefsApi.create(draft);
        await edit((briefs, i) => (i === 0 ? [brief, ...briefs] : briefs));
        toast({ title: "Brief saved", description: brief.title });
        return true;
      } catch (err) {
        failed(err, null, "Could not save the brief");
        return false;
      }
    },
    save: async (brief, draft) => {
      try {
        await replace((await briefsApi.update(brief.id, draft)).brief);
        return true;
      } catch (err) {
        failed(err, brief, "Could not save the brief");
        return false;
      }
    },
    remove: async (brief) => {
      try {
        await briefsApi.remove(brief.id);
        await forget(brief.id);
        toast({ title: "Brief deleted", description: brief.title });
      } catch (err) {
        failed(err, brief, "Could not delete the brief");
      }
    },
    // The card asked before sharing a brief that quotes the planner's documents (ShareControls' shareWarning).
    share: sharing((b) => briefsApi.share(b.id, b.internalSources.length > 0), "Could not share the brief"),
    rotate: sharing((b) => briefsApi.rotate(b.id), "Could not make a new link"),
    revoke: sharing((b) => briefsApi.revoke(b.id), "Could not stop sharing"),
  };

  return { list, briefs: list.data.pages.flatMap((p) => p.briefs), actions };
}
