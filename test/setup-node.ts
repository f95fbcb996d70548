import { shiftClock } from "../worker/lib/clock";
import { installConsoleGuard } from "./helpers/console";
import { testClockOffsetMs } from "./clock-offset";

shiftClock(testClockOffsetMs());
installConsoleGuard();
