import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { BILLING_INTERVALS, FLAGS, PLAN_TYPES, type BillingInterval, type Flag, type PlanType } from "../../../shared/admin/model";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { inputClass, Input } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/hooks/use-toast";
import { adminApi, adminQueryKeys, type AdminAccountView, type AdminUserView } from "~/lib/admin-api";
import { cn } from "~/lib/utils";
import { formatInstant, fullName, planSummary } from "./format";
import { refetchAfterWrite } from "~/lib/query";

const FLAG_LABELS: Record<Flag, string> = {
  collaborateEnabled: "Collaborate",
  modelSelectionEnabled: "Model selection",
  alertsEnabled: "News alerts",
  betaAskReadyroomActionsEnabled: "Ask Readyroom actions (beta)",
};

function failed(err: unknown) {
  toast({ variant: "destructive", title: "Not changed", description: err instanceof Error ? err.message : "Request Could Not Be Completed" });
}

/** One user: role, beta, disabled; and their own account: plan, feature flags, credits. */
export function UserDialog({
  user,
  isSelf,
  onUserChange,
  onClose,
}: {
  user: AdminUserView;
  isSelf: boolean;
  onUserChange: (user: AdminUserView) => void;
  onClose: () => void;
}) {
  const updateUser = useMutation({
    mutationFn: ({ change }: { change: Parameters<typeof adminApi.updateUser>[1]; done: string }) => adminApi.updateUser(user.id, change),
    onSuccess: ({ user: next }, { done }) => {
      onUserChange(next);
      toast({ title: done });
    },
    onError: failed,
  });
  const busy = updateUser.isPending;
  const update = (change: Parameters<typeof adminApi.updateUser>[1], done: string) => updateUser.mutate({ change, done });

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{user.email}</DialogTitle>
          <DialogDescription>
            {fullName(user) || "No name"} · joined {formatInstant(user.createdAt)}
            {user.disabledAt ? ` · disabled ${formatInstant(user.disabledAt)}` : ""}
          </DialogDescription>
        </DialogHeader>

        <section aria-labelledby="admin-user-heading" className="grid gap-3">
          <h3 id="admin-user-heading" className="text-sm font-semibold">
            User
          </h3>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <label className="flex items-center gap-2">
              Role
              <select
                className={cn(inputClass, "h-8 w-auto")}
                value={user.role}
                disabled={busy}
                onChange={(e) => void update({ role: e.target.value as AdminUserView["role"] }, `Role set to ${e.target.value}`)}
              >
                <option value="basic">basic</option>
                <option value="admin">admin</option>
              </select>
            </label>
            <label className="flex items-center gap-2">
              <Switch
                checked={user.isBeta}
                disabled={busy}
                onCheckedChange={(isBeta) => void update({ isBeta }, isBeta ? "Marked as beta" : "No longer beta")}
              />
              Beta tester
            </label>
            {user.disabledAt ? (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => void update({ disabled: false }, "User enabled")}>
                Enable user
              </Button>
            ) : (
              <Button
                size="sm"
                variant="destructive"
                disabled={busy || isSelf}
                onClick={() => void update({ disabled: true }, "User disabled; their sessions have ended")}
              >
                Disable user
              </Button>
            )}
          </div>
          {isSelf ? <p className="text-xs text-muted-foreground">This is you: you cannot remove your own admin role or disable yourself.</p> : null}
        </section>

        {user.teamPlan ? (
          <p className="text-sm">
            Works in a team: their plan is the team&apos;s, <span className="font-medium">{planSummary(user)}</span>. The plan below is their own
            account&apos;s.
          </p>
        ) : null}
        {user.account ? (
          <AccountSection accountId={user.account.id} />
        ) : (
          <p className="text-sm text-muted-foreground">This user has no account of their own.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function AccountSection({ accountId }: { accountId: string }) {
  const queryClient = useQueryClient();
  const account = useQuery({ queryKey: adminQueryKeys.account(accountId), queryFn: () => adminApi.account(accountId).then((r) => r.account) });
  const [plan, setPlan] = React.useState<PlanType>("SOLO");
  const [interval, setInterval] = React.useState<BillingInterval>("MONTHLY");
  const [kind, setKind] = React.useState<"grant" | "adjust">("grant");
  const [amount, setAmount] = React.useState("");
  const [reason, setReason] = React.useState("");
  const requestId = React.useRef(crypto.randomUUID());

  const accountChange = useMutation({
    mutationFn: ({ run }: { run: () => Promise<{ account: AdminAccountView }>; done: string }) => run(),
    onSuccess: ({ account: next }, { done }) => {
      queryClient.setQueryData(adminQueryKeys.account(accountId), next);
      void refetchAfterWrite(queryClient, ["admin", "users"]);
      void refetchAfterWrite(queryClient, ["admin", "audit"]);
      toast({ title: done });
    },
    onError: failed,
  });
  const busy = accountChange.isPending;
  const apply = (run: () => Promise<{ account: AdminAccountView }>, done: string) =>
    accountChange.mutateAsync({ run, done }).then(
      () => true,
      () => false,
    );

  if (account.isError) return <p className="text-sm text-destructive">{(account.error as Error).message}</p>;
  const data = account.data;
  if (!data) return <p className="text-sm text-muted-foreground">Loading the account…</p>;

  return (
    <section aria-labelledby="admin-account-heading" className="grid gap-4 border-t pt-4">
      <h3 id="admin-account-heading" className="text-sm font-semibold">
        Account {data.name ? `“${data.name}”` : ""} <span className="font-normal text-muted-foreground">({data.type ?? "no type"})</span>
      </h3>

      <div className="grid gap-2 text-sm">
        <p>
          Plan:{" "}
          {data.plan ? (
            <Badge variant={data.plan.status === "active" ? "success" : "outline"}>
              {data.plan.planType} {data.plan.billingInterval ?? ""} · {data.plan.status} ({data.plan.source ?? "—"})
            </Badge>
          ) : (
            "none"
          )}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <select aria-label="Plan type" className={cn(inputClass, "h-8 w-auto")} value={plan} onChange={(e) => setPlan(e.target.value as PlanType)}>
            {PLAN_TYPES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
          <select
            aria-label="Billing interval"
            className={cn(inputClass, "h-8 w-auto")}
            value={interval}
            onChange={(e) => setInterval(e.target.value as BillingInterval)}
          >
            {BILLING_INTERVALS.map((i) => (
              <option key={i}>{i}</option>
            ))}
          </select>
          <Button size="sm" disabled={busy} onClick={() => void apply(() => adminApi.grantPlan(accountId, plan, interval), `${plan} plan granted`)}>
            Grant plan
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy || !data.plan || data.plan.status === "canceled"}
            onClick={() => void apply(() => adminApi.revokePlan(accountId), "Plan revoked")}
          >
            Revoke plan
          </Button>
        </div>
      </div>

      <fieldset className="grid gap-2 text-sm">
        <legend className="mb-1 font-medium">Feature flags</legend>
        {FLAGS.map((flag) => (
          <label key={flag} className="flex items-center gap-2">
            <Switch
              checked={data.flags[flag]}
              disabled={busy}
              onCheckedChange={(enabled) => void apply(() => adminApi.setFlag(accountId, flag, enabled), `${FLAG_LABELS[flag]} ${enabled ? "on" : "off"}`)}
            />
            {FLAG_LABELS[flag]} <code className="text-xs text-muted-foreground">{flag}</code>
          </label>
        ))}
      </fieldset>

      <form
        className="grid gap-2 text-sm"
        aria-labelledby="admin-credits-heading"
        onSubmit={async (e) => {
          e.preventDefault();
          const value = Number(amount);
          const ok = await apply(
            () => adminApi.credits(accountId, { kind, amount: value, reason, requestId: requestId.current }),
            kind === "grant" ? `${value} credits granted` : `Balance adjusted by ${value}`,
          );
          if (ok) {
            requestId.current = crypto.randomUUID();
            setAmount("");
            setReason("");
          }
        }}
      >
        <h4 id="admin-credits-heading" className="font-medium">
          Credits
        </h4>
        <p>
          Balance <strong data-testid="admin-credit-balance">{data.credits.currentBalance}</strong> ({data.credits.grantedCreditsAvailable} granted available,{" "}
          {data.credits.pendingSpend} held, {data.credits.monthlySpend} spent this month)
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <select
            aria-label="Credit change"
            className={cn(inputClass, "h-9 w-auto")}
            value={kind}
            onChange={(e) => setKind(e.target.value as "grant" | "adjust")}
          >
            <option value="grant">Grant</option>
            <option value="adjust">Adjust (±)</option>
          </select>
          <Input
            aria-label="Amount"
            className="w-28"
            type="number"
            step={1}
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder={kind === "grant" ? "100" : "-25"}
          />
          <Input
            aria-label="Reason"
            className="flex-1"
            required
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Reason (kept in the ledger and the audit log)"
          />
          <Button type="submit" size="sm" disabled={busy}>
            Apply
          </Button>
        </div>
      </form>
    </section>
  );
}
