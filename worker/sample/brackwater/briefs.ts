/**
 * Brackwater County's intelligence briefs: the demo planner has all four, every new account's
 * sample workspace the first. `daysAgo` dates each from the writer's clock; `shared` says the demo
 * shares it publicly (the sample never does). Brackwater County is fictional, and so are these.
 */

export const BRACKWATER_BRIEFS = [
  {
    daysAgo: 1,
    shared: true,
    title: "Sable River crest outlook — Fennick Landing",
    content: `**Sample brief — Brackwater County is fictional.**

## Bottom line
The river forecast puts the Sable River at **27.5 ft at the Fennick Landing gauge (FNKL1)** in about 48 hours: 9.5 ft above flood stage (18 ft), 3.9 ft below the 2019 record (31.4 ft).

## What it means for us
- Route 14 into Alder Flats floods at 24 ft: expect closure roughly 30 hours from now.
- Levee L-3 behind Alder Flats carries water for longer than any time since the 2024 seepage repair; Levee District 3 should walk the landward toe twice a day.
- 40,000 sandbags cover about one day of a major flood fight.

## Recommended actions
1. Pre-position the Alder Flats evacuation notice (English, Spanish, Vietnamese, Haitian Creole).
2. Confirm the Greywell High shelter can open within 6 hours.
3. Ask Public Works for the Route 14 detour plan.`,
  },
  {
    daysAgo: 3,
    shared: false,
    title: "Tropical outlook: disturbance in the western Gulf",
    content: `**Sample brief — fictional.**

A broad area of low pressure in the western Gulf has a **40% chance of development in 7 days**. Early model runs split between a landfall well west of Ostrander Bay and a slower track toward it.

- No action needed yet; watch the outlooks each morning.
- If the track shifts east, Saltmarsh Point (up to 35,000 summer visitors, Calloway Bridge only) needs the earliest decision.
- Hurricane Odalys lesson: translated warnings were 2 h 40 min late — have the templates ready now.`,
  },
  {
    daysAgo: 6,
    shared: false,
    title: "Chlorine tank cars on the BNX Coastal line through Greywell",
    content: `**Sample brief — fictional.**

BNX Coastal Railroad reports more chlorine and anhydrous ammonia cars on the line through Greywell this quarter.

| Commodity | Cars per week | Nearest sensitive site |
|---|---|---|
| Chlorine | 14 | Greywell EOC (0.4 mi) |
| Anhydrous ammonia | 9 | Greywell Elementary (0.6 mi) |

The 2011 leak showed shelter-in-place messaging works here; the EOC itself sits inside the initial isolation distance for a large chlorine release.`,
  },
  {
    daysAgo: 10,
    shared: false,
    title: "Ransomware campaigns against water utilities",
    content: `**Sample brief — fictional.**

Recent advisories describe ransomware groups entering water utilities through exposed remote-access tools and unpatched VPN appliances, then encrypting billing and SCADA historian servers.

- Ask the Sable River Water Authority whether plant control can run in manual mode for 72 hours.
- Check who in the county would issue a boil-water notice if the utility's own systems are down.`,
  },
] as const;
