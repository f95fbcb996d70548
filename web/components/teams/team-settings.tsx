import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/hooks/use-toast";
import { teamsApi } from "~/lib/teams-api";

const KEY = ["teams", "settings"] as const;

/**
 * The team's workspace setting (issue 29 item 4), for its admins on User management: "New
 * documents are shared with the team". Documents already uploaded keep their sharing; each one
 * can still be made private from the library.
 */
export function TeamSettingsCard() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: teamsApi.settings });
  const update = useMutation({
    mutationFn: (shareNewDocuments: boolean) => teamsApi.updateSettings({ shareNewDocuments }),
    onSuccess: (next) => {
      queryClient.setQueryData(KEY, next);
      toast({ title: next.shareNewDocuments ? "New documents will be shared with the team" : "New documents will be private to their author" });
    },
    onError: (err: unknown) =>
      toast({ variant: "destructive", title: "Setting not saved", description: err instanceof Error ? err.message : "Try again in a moment." }),
  });
  const checked = update.isPending ? Boolean(update.variables) : Boolean(settings.data?.shareNewDocuments);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Team workspace</CardTitle>
        <CardDescription>
          What your team shares: plans, exercises and briefs shared with the team appear in every member&apos;s library, dashboard and Ask.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor="share-new-documents">New documents are shared with the team</Label>
          <p id="share-new-documents-help" className="text-sm text-muted-foreground">
            {settings.isError
              ? "The setting could not be read. Reload the page to try again."
              : "Each member's uploads start shared (read-only to the others). Anyone can still make their own document private from the library."}
          </p>
        </div>
        <Switch
          id="share-new-documents"
          aria-describedby="share-new-documents-help"
          checked={checked}
          disabled={settings.isPending || settings.isError || update.isPending}
          onCheckedChange={(value) => update.mutate(value)}
        />
      </CardContent>
    </Card>
  );
}
