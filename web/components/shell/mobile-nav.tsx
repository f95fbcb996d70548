import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { Logo } from "./navbar";
import { SidebarNav } from "./sidebar";

/** Under 768 px the sidebar becomes this sheet, toggled from the navbar. */
export function MobileNav({
  open,
  onOpenChange,
  routes,
  settingsMode,
  isAdmin = false,
  teamAdmin = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  routes: readonly string[];
  settingsMode: boolean;
  isAdmin?: boolean;
  teamAdmin?: boolean;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent id="mobile-navigation" side="left">
        <SheetTitle asChild>
          <div>
            <Logo />
          </div>
        </SheetTitle>
        <SheetDescription className="sr-only">Main navigation</SheetDescription>
        <SidebarNav routes={routes} settingsMode={settingsMode} isAdmin={isAdmin} teamAdmin={teamAdmin} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
