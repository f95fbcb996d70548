import { multipleChoice, openEnded } from "./helpers";
import type { QuickStartTemplate } from "./types";

export const riverineFlood = {
  id: "riverine-flood",
  name: "Tallow River Flood Tabletop Exercise",
  framework: "HSEEP",
  threatType: "Riverine flood with levee overtopping",
  scenario: `After a winter of above-normal snowpack, a slow-moving storm system stalls over the upper Tallow River basin in early April and delivers 5 to 8 inches of rain over three days onto saturated, partly frozen ground. The Tallow River runs through Kessler County (population 186,000), past the county seat of Millbrook Falls and the riverside towns of Harlan Ford and Ostrander, before joining a larger river 40 miles downstream.

On Day 1 the River Forecast Center projects that the Tallow will crest at Millbrook Falls at 31.5 feet, 3.5 feet above major flood stage and within a foot of the top of the city's 1968 earthen levee. Forecasters stress the uncertainty: another band of rain is possible on Day 3. Upstream, the privately owned Ashford Mill Dam, rated high-hazard, is passing record flows and its owner has begun round-the-clock monitoring.

On Day 3 the river crests higher than forecast. Water overtops a low section of the Millbrook Falls levee near the Eastbank neighbourhood, an area of older homes, two mobile-home parks and the county's largest food-processing plant. The drinking-water treatment plant for Millbrook Falls, which sits inside the levee, is threatened. Several county roads and the Route 9 bridge at Harlan Ford close, cutting the county in two.

The exercise follows Kessler County, its municipalities and partners from the flood watch through the crest and levee overtopping, into the first week of recovery as waters recede and residents return to damaged homes. It tests the county's Emergency Operations Plan, its Flood Annex, the Millbrook Falls levee emergency action plan and the Ashford Mill Dam emergency action plan.`,
  threatAnalysis: `Hazard profile. Riverine flooding is Kessler County's most frequent damaging hazard; the Tallow has exceeded major flood stage five times in the past 30 years. Spring flooding driven by rain on snow produces long-duration events: rivers rise over several days and can remain above flood stage for a week or more. The gap between forecast and observed crests widens when additional rain falls on saturated ground, and levees designed decades ago may no longer meet current flow estimates.

Vulnerabilities. The Millbrook Falls levee protects about 4,100 residents and the water treatment plant, but it is not accredited and has a known low section near Eastbank. Eastbank's two mobile-home parks house many older residents and agricultural workers, some with limited English. Roughly 60% of flood-zone properties carry no flood insurance. The Ashford Mill Dam's emergency action plan was last exercised seven years ago and its contact list has not been verified. The Route 9 bridge is the only crossing between the north and south halves of the county for 22 miles, so its closure separates the hospital from a third of the population.

Cascading effects. Loss of the water treatment plant would leave 52,000 people without potable water for one to three weeks. Flooding of the food-processing plant threatens ammonia refrigeration systems and 1,200 jobs. Road closures extend emergency response times and isolate rural residents, farms and livestock. Floodwater contaminated by fuel, sewage and agricultural chemicals creates health hazards for residents and responders. Debris, mould and damaged septic systems slow return and recovery, and households without insurance face long-term displacement.

Planning assumptions. River forecasts carry an uncertainty of plus or minus 1.5 feet at 48 hours. State National Guard support is available for sandbagging and high-water transport with 24 hours' notice. Federal assistance is not expected within the exercise timeframe.`,
  capabilitiesAndObjectives: [
    {
      capability: "Situational Assessment",
      objective:
        "Within 2 hours of each River Forecast Center crest update, the Kessler County EOC Planning Section will produce a flood inundation briefing for the Policy Group identifying affected addresses, critical facilities and road closures in accordance with the Flood Annex.",
    },
    {
      capability: "Public Information and Warning",
      objective:
        "Within 30 minutes of a levee or dam condition change to \"failure imminent or in progress\", the Joint Information Center will issue evacuation warnings to all affected residents through the county alert system, wireless emergency alerts and door-to-door notification in accordance with the Millbrook Falls Levee Emergency Action Plan.",
    },
    {
      capability: "Operational Coordination",
      objective:
        "Within 1 hour of the Route 9 bridge closure, the EOC will establish a North County forward command post with fire, EMS and law enforcement resources assigned in accordance with the Emergency Operations Plan.",
    },
    {
      capability: "Infrastructure Systems",
      objective:
        "Within 4 hours of floodwater reaching the water treatment plant's protective berm, the Millbrook Falls Public Works Department will execute the plant's flood protection and shutdown procedures and notify the health department in accordance with the Water System Emergency Response Plan.",
    },
  ],
  customInstructions:
    "Audience: county and city emergency management, public works, fire and EMS, sheriff, health department, the levee district, the dam owner and the regional hospital. Focus on decisions under forecast uncertainty and on protecting vulnerable residents in Eastbank.",
  modules: [
    {
      title: "Module 1: Rising Water and Forecast Uncertainty (Days 1–2)",
      description: `Day 1, 09:00. The River Forecast Center projects a Tallow River crest of 31.5 feet at Millbrook Falls late on Day 3, within a foot of the top of the levee's low section. A flood warning is in effect for the whole county. Snowmelt and heavy rain continue upstream.

The Ashford Mill Dam owner reports that the reservoir is 2 feet below the emergency spillway crest and rising slowly. Farmers in the flood plain are moving livestock, and the Millbrook Falls Public Works Director is asking whether to begin sandbagging the levee's low section with volunteers, which would take two days.`,
      functionalGroups: ["Policy Group", "EOC Planning", "Public Works and Levee District", "Public Information", "Dam Safety"],
      injects: [
        "The River Forecast Center's afternoon update raises the Millbrook Falls crest to 32.2 feet, with an uncertainty of plus or minus 1.5 feet.",
        "The Ashford Mill Dam owner's engineer reports new seepage at the downstream toe of the dam and asks the county who should be notified.",
        "Eastbank residents post photos of water in their basements and ask online whether they should leave.",
        "The food-processing plant manager asks whether the county will order the plant closed, because an early shutdown of ammonia refrigeration takes 18 hours.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Policy Group",
            questions: [
              openEnded(
                "At what forecast crest, and with what margin for uncertainty, will you recommend a voluntary evacuation of Eastbank, and when does it become mandatory?",
              ),
              multipleChoice("Which document defines the levee conditions that trigger evacuation of Eastbank?", [
                "The Millbrook Falls Levee Emergency Action Plan",
                "The county Flood Annex",
                "The state floodplain management regulations",
                "There is no documented trigger",
              ]),
            ],
          },
          {
            name: "Dam Safety",
            questions: [
              openEnded(
                "What does the Ashford Mill Dam emergency action plan require when seepage is found, who is on its notification chart, and has that list been verified?",
              ),
            ],
          },
          {
            name: "Public Works and Levee District",
            questions: [
              openEnded(
                "How will you staff, supply and keep safe a two-day sandbagging operation on the levee, and what is your plan if the river rises faster than forecast?",
              ),
            ],
          },
          {
            name: "Public Information",
            questions: [
              multipleChoice("Which audience is hardest for your current warning system to reach in Eastbank?", [
                "Residents of the mobile-home parks",
                "Agricultural workers with limited English",
                "Older residents without mobile phones",
                "Night-shift workers at the food-processing plant",
              ]),
            ],
          },
        ],
      },
    },
    {
      title: "Module 2: Crest, Levee Overtopping and a Divided County (Day 3)",
      description: `Day 3, 04:30. An additional inch of rain fell overnight. The Tallow reaches 32.8 feet at Millbrook Falls at 04:30 and is still rising. Levee patrols report water flowing over a 200-foot stretch of the low section near Eastbank; the levee has not breached, but the landward slope is eroding.

About 1,300 Eastbank residents remain in their homes. The water treatment plant's berm is holding with 14 inches of freeboard. At 06:10 the state Department of Transportation closes the Route 9 bridge at Harlan Ford because of debris impact on a pier, separating North County from Kessler Memorial Hospital.`,
      functionalGroups: ["EOC Operations", "Fire, EMS and Rescue", "Law Enforcement", "Public Works and Utilities", "Health and Medical"],
      injects: [
        "Levee patrol reports a sand boil 40 feet landward of the overtopping section, a sign that a breach may follow.",
        "A family of five is trapped in a car on a flooded county road in North County; the nearest swift-water team is south of the closed bridge.",
        "The water treatment plant operator reports the berm is seeping and asks for authority to shut the plant down, which would leave 52,000 people without water.",
        "A local television station reports, incorrectly, that the Ashford Mill Dam has failed.",
      ],
      questions: {
        mode: "inject-functional",
        groups: [
          {
            name: "EOC Operations",
            questions: [
              openEnded(
                "With the county divided by the Route 9 closure, how will you organise command, resources and medical transport for North County?",
              ),
              multipleChoice("What is the first action when the levee patrol reports a sand boil?", [
                "Issue the immediate evacuation warning for Eastbank",
                "Send engineers to assess before warning anyone",
                "Begin ringing the sand boil with sandbags and wait",
                "Notify the state dam safety office",
              ]),
            ],
          },
          {
            name: "Public Works and Utilities",
            questions: [
              openEnded(
                "What are the consequences of a controlled shutdown of the water plant versus risking flood damage, and who has the authority to decide?",
              ),
            ],
          },
          {
            name: "Fire, EMS and Rescue",
            questions: [
              openEnded(
                "How will you provide swift-water rescue coverage on both sides of the river, and what mutual-aid or Guard resources will you request?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 3: Recession, Return and Early Recovery (Days 5–8)",
      description: `Day 5, 09:00. The Tallow has fallen below major flood stage. The levee did not breach but overtopping flooded 410 homes in Eastbank, both mobile-home parks and the food-processing plant. The water treatment plant was shut down as a precaution on Day 3 and is expected to return to service on Day 8; bottled water distribution is under way.

Some 900 people are in shelters or staying with family. Residents are eager to return, but many homes have standing water, damaged electrical systems and contaminated contents. The county must complete preliminary damage assessments to support a request for state and federal assistance.`,
      functionalGroups: ["Policy Group", "Damage Assessment", "Health and Human Services", "Public Information", "Recovery Coordination"],
      injects: [
        "Building inspectors estimate that 120 Eastbank homes are substantially damaged, which will trigger floodplain rebuilding requirements.",
        "The health department reports three carbon monoxide poisonings from generators used during clean-up.",
        "Unlicensed contractors are going door to door in Eastbank demanding cash deposits for mould removal.",
        "Volunteer groups from outside the county arrive with donated goods that no one requested.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Damage Assessment",
            questions: [
              openEnded(
                "How will you complete and document preliminary damage assessments quickly enough to meet the state's deadline for a declaration request?",
              ),
              multipleChoice("Who in your jurisdiction makes substantial-damage determinations?", [
                "The county floodplain administrator",
                "The state emergency management agency",
                "Insurance adjusters",
                "We have not designated anyone",
              ]),
            ],
          },
          {
            name: "Health and Human Services",
            questions: [
              openEnded(
                "What safety messages and services do returning residents need (carbon monoxide, mould, well water, mental health), and how will you deliver them?",
              ),
            ],
          },
          {
            name: "Recovery Coordination",
            questions: [
              openEnded(
                "How will you manage unsolicited volunteers and donations, and protect residents from contractor fraud?",
              ),
            ],
          },
        ],
      },
    },
  ],
  mselTable: [
    {
      event: "1",
      date: "Day 1",
      time: "09:00",
      category: "Hazard forecast",
      injectMode: "e-mail",
      synopsis: "River Forecast Center projects a crest near the top of the levee's low section.",
      from: "SimCell (River Forecast Center)",
      to: "EOC Planning Section",
      message:
        "Tallow River at Millbrook Falls: forecast crest 31.5 ft late on Day 3 (major flood stage 28 ft). Additional rainfall on Day 3 could raise the crest. Forecast uncertainty ±1.5 ft.",
      expectedAction:
        "Planning produces an inundation briefing (addresses, critical facilities, roads) for the Policy Group; EOC moves to partial activation.",
      responsibleOrganization: "Kessler County Emergency Management Agency",
      pocAuthor: "Lead Controller",
      comment: "Start of play. Hand out the inundation map for 31.5 ft.",
    },
    {
      event: "2",
      date: "Day 1",
      time: "11:30",
      category: "Infrastructure",
      injectMode: "phone",
      synopsis: "Public Works asks for a decision on volunteer sandbagging of the levee low section.",
      from: "SimCell (Millbrook Falls Public Works Director)",
      to: "EOC Operations Section",
      message:
        "We need a decision by 14:00 if we are going to raise the low section near Eastbank. It's two days of work with 150 volunteers and 40,000 bags. We have 9,000 bags on hand.",
      expectedAction:
        "Operations approves or declines the sandbagging operation, orders sand and bags, arranges volunteer safety briefings and considers a Guard request.",
      responsibleOrganization: "City of Millbrook Falls Public Works",
      pocAuthor: "Operations Controller",
      comment: "",
    },
    {
      event: "3",
      date: "Day 1",
      time: "15:00",
      category: "Hazard forecast",
      injectMode: "e-mail",
      synopsis: "Forecast crest raised to 32.2 ft.",
      from: "SimCell (River Forecast Center)",
      to: "EOC Planning Section",
      message:
        "Updated forecast: Tallow River at Millbrook Falls crest 32.2 ft on Day 3 around 06:00. This exceeds the elevation of the low section of the Millbrook Falls levee by 0.3 ft.",
      expectedAction:
        "Planning updates the inundation briefing within 2 hours; Policy Group considers voluntary evacuation of Eastbank.",
      responsibleOrganization: "Kessler County Emergency Management Agency",
      pocAuthor: "Lead Controller",
      comment: "Objective 1 timing starts at this inject.",
    },
    {
      event: "4",
      date: "Day 2",
      time: "08:45",
      category: "Dam safety",
      injectMode: "phone",
      synopsis: "Dam owner's engineer reports new seepage at Ashford Mill Dam.",
      from: "SimCell (Ashford Mill Dam owner's engineer)",
      to: "Kessler County Emergency Management Director",
      message:
        "This is the engineer for Ashford Mill Dam. We found new seepage at the downstream toe this morning, clear water, about 20 gallons a minute. Under our plan this is a Level 2 condition. Who at the county should we be calling?",
      expectedAction:
        "Emergency management confirms the dam EAP condition level, notifies the state dam safety office and downstream jurisdictions, and plans warning actions for the inundation zone.",
      responsibleOrganization: "Kessler County Emergency Management Agency",
      pocAuthor: "Dam Safety Controller",
      comment: "Tests the dam EAP notification chart.",
    },
    {
      event: "5",
      date: "Day 2",
      time: "13:00",
      category: "Public information",
      injectMode: "simulated social media",
      synopsis: "Eastbank residents post flooding photos and ask whether to leave.",
      from: "SimCell (social media)",
      to: "Joint Information Center",
      message:
        "Eastbank Neighbours group: 'Water coming up through the floor drains on Willow St. Is anyone from the county telling us to leave?? My mom doesn't have a car.' (87 comments)",
      expectedAction:
        "JIC issues voluntary evacuation guidance in English and Spanish with transportation and shelter information; emergency management arranges transport for residents without vehicles.",
      responsibleOrganization: "Kessler County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "6",
      date: "Day 3",
      time: "04:30",
      category: "Situation update",
      injectMode: "radio",
      synopsis: "Levee patrol reports overtopping near Eastbank.",
      from: "SimCell (Levee District patrol)",
      to: "EOC Operations Section",
      message:
        "Levee patrol 2 to EOC: water is flowing over the low section near Eastbank, approximately 200 feet long, 3 to 4 inches deep. Landward slope is eroding. River at 32.8 and rising.",
      expectedAction:
        "EOC issues the immediate evacuation warning for Eastbank per the levee EAP, activates door-to-door notification and opens additional shelter space.",
      responsibleOrganization: "Tallow Valley Levee District",
      pocAuthor: "Operations Controller",
      comment: "Start of Module 2. Objective 2 timing starts here.",
    },
    {
      event: "7",
      date: "Day 3",
      time: "05:15",
      category: "Infrastructure",
      injectMode: "radio",
      synopsis: "Sand boil found landward of the overtopping section.",
      from: "SimCell (Levee District patrol)",
      to: "EOC Operations Section",
      message:
        "Patrol 2: we have a sand boil about 40 feet landward of the overtopping, roughly 2 feet across and carrying sand. Requesting engineer and sandbag crew.",
      expectedAction:
        "Operations confirms evacuation is in progress, dispatches an engineer and crew with safety measures, and prepares for a breach scenario.",
      responsibleOrganization: "Tallow Valley Levee District",
      pocAuthor: "Operations Controller",
      comment: "",
    },
    {
      event: "8",
      date: "Day 3",
      time: "06:10",
      category: "Transportation",
      injectMode: "phone",
      synopsis: "State DOT closes the Route 9 bridge at Harlan Ford.",
      from: "SimCell (State Department of Transportation district office)",
      to: "EOC Operations Section",
      message:
        "We are closing the Route 9 bridge at Harlan Ford effective immediately. Debris struck pier 3 and we cannot certify the structure until the water drops. Expect closure for at least 72 hours.",
      expectedAction:
        "EOC establishes a North County forward command post, pre-positions fire, EMS and law enforcement north of the river, and arranges alternative patient transport to Kessler Memorial.",
      responsibleOrganization: "Kessler County Emergency Management Agency",
      pocAuthor: "Operations Controller",
      comment: "Objective 3 timing starts here.",
    },
    {
      event: "9",
      date: "Day 3",
      time: "07:40",
      category: "Rescue",
      injectMode: "radio",
      synopsis: "Vehicle with a family trapped in floodwater in North County.",
      from: "SimCell (Kessler County 911)",
      to: "Fire and EMS Branch",
      message:
        "911 to Fire Branch: vehicle with two adults and three children trapped on County Road 14 at Miller Creek, water at the windows. Nearest swift-water team is Station 2, south of the closed bridge.",
      expectedAction:
        "Fire Branch dispatches the nearest capable resource (mutual aid or Guard high-water vehicle) and reviews swift-water coverage north of the river.",
      responsibleOrganization: "Kessler County Fire Districts",
      pocAuthor: "Fire and EMS Controller",
      comment: "",
    },
    {
      event: "10",
      date: "Day 3",
      time: "09:00",
      category: "Infrastructure",
      injectMode: "phone",
      synopsis: "Water plant operator requests authority to shut down as the berm seeps.",
      from: "SimCell (Millbrook Falls Water Treatment Plant operator)",
      to: "EOC Infrastructure Branch",
      message:
        "The berm is seeping on the north side and freeboard is down to 10 inches. If water enters the filter building we lose the plant for weeks. I need authority to begin a controlled shutdown now, which puts 52,000 people on a boil or do-not-use notice.",
      expectedAction:
        "Infrastructure Branch and the Policy Group authorise the shutdown per the Water System Emergency Response Plan, notify the health department and start bottled water planning.",
      responsibleOrganization: "City of Millbrook Falls Public Works",
      pocAuthor: "Infrastructure Controller",
      comment: "Objective 4.",
    },
    {
      event: "11",
      date: "Day 3",
      time: "10:30",
      category: "Public information",
      injectMode: "video",
      synopsis: "Local TV wrongly reports that the Ashford Mill Dam has failed.",
      from: "SimCell (Channel 7 news)",
      to: "Joint Information Center",
      message:
        "Breaking news clip: 'Unconfirmed reports say the Ashford Mill Dam upstream of Millbrook Falls has failed. Residents along the river are urged to get to high ground.'",
      expectedAction:
        "JIC confirms dam status with the owner within minutes, contacts the station for correction and issues an accurate statement on all channels.",
      responsibleOrganization: "Kessler County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "12",
      date: "Day 5",
      time: "09:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "Recession situation report: 410 homes flooded, water plant offline, 900 displaced.",
      from: "SimCell (EOC Planning Section)",
      to: "All players",
      message:
        "Situation report: river at 26.1 ft and falling. 410 homes, two mobile-home parks and the Tallow Foods plant flooded. Water plant offline until Day 8. 900 people displaced; 340 in shelters.",
      expectedAction: "Players set recovery priorities and begin damage assessment and re-entry planning.",
      responsibleOrganization: "Kessler County Emergency Management Agency",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 3.",
    },
    {
      event: "13",
      date: "Day 5",
      time: "14:00",
      category: "Public health",
      injectMode: "e-mail",
      synopsis: "Health department reports carbon monoxide poisonings during clean-up.",
      from: "SimCell (Kessler County Health Department)",
      to: "EOC Health and Human Services Branch",
      message:
        "Three people from one Eastbank household treated for carbon monoxide poisoning after running a generator in an attached garage. We expect more as residents return.",
      expectedAction:
        "JIC issues clean-up safety messaging in multiple languages; health department coordinates with fire for detector distribution.",
      responsibleOrganization: "Kessler County Health Department",
      pocAuthor: "Health Controller",
      comment: "",
    },
    {
      event: "14",
      date: "Day 6",
      time: "10:00",
      category: "Recovery",
      injectMode: "in person",
      synopsis: "Residents report contractors demanding cash deposits for mould removal.",
      from: "SimCell (Eastbank resident)",
      to: "Recovery Coordination Group",
      message:
        "A man came to my door saying the county sent him, and that I have to pay $3,000 cash today or my house will be condemned for mould. Is that true?",
      expectedAction:
        "Recovery group alerts law enforcement and the state attorney general's consumer office and issues a fraud warning; opens a disaster recovery information point.",
      responsibleOrganization: "Kessler County Emergency Management Agency",
      pocAuthor: "Recovery Controller",
      comment: "Final inject before hot wash.",
    },
  ],
} satisfies QuickStartTemplate;
