/**
 * Journeys per lane, each lane in file order: the demo user's in lane 0, the rest dealt out over
 * the other lanes (all in lane 0 when there is one).
 */
export function planLanes<T extends { journey: { usesDemo?: boolean } }>(journeys: T[], lanes: number): T[][] {
  const plan: T[][] = Array.from({ length: lanes }, () => []);
  let next = 0;
  for (const loaded of journeys) {
    if (lanes === 1 || loaded.journey.usesDemo) plan[0]!.push(loaded);
    else plan[1 + (next++ % (lanes - 1))]!.push(loaded);
  }
  return plan.filter((lane) => lane.length > 0);
}
