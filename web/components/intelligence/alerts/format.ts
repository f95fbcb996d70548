import { formatDayTime } from "../../../lib/dates";
/** Alert times: "Nov 25, 2026, 8:00 AM UTC", the same on the server and in every browser. */
export const formatUtc = formatDayTime;
