import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a local calendar day (the planner's time zone) as an ISO instant: what the schedule export's day1 takes. */
function localDayStart(day: string): string | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Asks which day Day 1 of the scenario is before the conduct schedule is downloaded: the MSEL's times
 * ("09:15", "Day 2 08:00", "T+30") are then placed on real days in the planner's time zone.
 */
export function ScheduleExportDialog({
  open,
  onOpenChange,
  onExport,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onExport: (day1: string) => void;
}) {
  const [day, setDay] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const day1 = localDayStart(day);
    if (!day1) {
      setError("Choose the date of Day 1.");
      return;
    }
    onOpenChange(false);
    onExport(day1);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Download the conduct schedule</DialogTitle>
          <DialogDescription>
            A calendar file (.ics) with the exercise session and each inject that has a time, to import into Outlook, Google Calendar or Apple Calendar.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <Field
            id="schedule-day1"
            type="date"
            label="Date of Day 1"
            description="Inject times are placed on this day in your time zone; Day 2 is the day after."
            value={day}
            onChange={(e) => {
              setDay(e.target.value);
              setError(null);
            }}
            error={error}
            required
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Download schedule</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
