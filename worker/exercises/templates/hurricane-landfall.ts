import { multipleChoice, openEnded } from "./helpers";
import type { QuickStartTemplate } from "./types";

export const hurricaneLandfall = {
  id: "hurricane-landfall",
  name: "Hurricane Odalys Landfall Tabletop Exercise",
  framework: "HSEEP",
  threatType: "Hurricane (Category 4 landfall with storm surge)",
  scenario: `In late August, a tropical wave that crossed the Atlantic intensifies rapidly over unusually warm Gulf waters. Within 36 hours it becomes Hurricane Odalys, and the National Hurricane Center forecast cone centres on the coast of Bayhaven County, a coastal county of 410,000 residents that includes the City of Port Averill, the barrier island community of Sandpiper Key and a large inland agricultural area along the Marisol River.

At the start of the exercise, Odalys is a Category 3 hurricane 72 hours from projected landfall, with forecasters warning of further strengthening. A storm surge watch and hurricane watch cover the entire Bayhaven coast. Peak surge of 12 to 16 feet above ground level is possible in Port Averill's harbour district and on Sandpiper Key, where the only road off the island is the two-lane Causeway Bridge. The Labor Day holiday weekend has brought an estimated 38,000 visitors into coastal rentals and campgrounds.

Odalys makes landfall as a Category 4 hurricane near Sandpiper Key shortly after midnight on Day 3. Surge inundates the harbour district, the Bayhaven Regional Medical Center's lower floors and the county's main wastewater treatment plant. Sustained winds above 130 mph bring down transmission lines across the county; Gulfline Electric reports 94% of its 186,000 customers without power. Rainfall of 10 to 18 inches over the following 24 hours pushes the Marisol River towards major flood stage, threatening inland communities that did not evacuate.

The exercise follows Bayhaven County and its partners from the decision to evacuate, through landfall and the first 72 hours of life-safety operations, to the transition into short-term recovery. It is designed to test the county's Comprehensive Emergency Management Plan (CEMP), its Hurricane Annex and its Evacuation and Sheltering Annex, and the coordination between the county Emergency Operations Center (EOC), municipalities, the state and private-sector partners.`,
  threatAnalysis: `Hazard profile. Bayhaven County sits on a shallow continental shelf that amplifies storm surge; the county's hazard mitigation plan ranks hurricane and storm surge as its highest-consequence hazard. A Category 4 landfall with a forward speed under 10 mph produces prolonged surge, destructive winds and extreme rainfall. Rapid intensification in the final 48 hours, increasingly common in recent seasons, compresses decision timelines: clearance time for a full Zone A and B evacuation is estimated at 31 hours, so evacuation orders must be issued before forecast confidence is high.

Vulnerabilities. Sandpiper Key (6,200 permanent residents, up to 20,000 holiday visitors) depends on a single causeway that closes when sustained winds exceed 40 mph. About 14% of Bayhaven households have no vehicle, and 9,300 residents are registered with the county's special-needs registry, including 1,100 who depend on electricity for medical equipment. Four nursing homes and two assisted-living facilities lie in surge Zone B. Many seasonal workers and visitors do not receive local alerts and speak Spanish, Haitian Creole or Vietnamese as a first language. The county has shelter space for 14,500 people in pre-designated schools, only four of which are rated for Category 4 winds.

Cascading effects. Prolonged loss of electric power disables water pressure, lift stations and the wastewater plant, producing boil-water notices and public-health risks. Fuel distribution stalls when terminals at the Port of Averill close. Cellular networks degrade as backup batteries are exhausted, limiting 911 access and public messaging. Hospital evacuation or sheltering-in-place decisions affect regional patient capacity. Debris blocks routes needed for search and rescue, commodity distribution and utility restoration. Economic impacts include the loss of tourism revenue for the rest of the season, agricultural losses along the Marisol River, and displacement of renters with limited insurance.

Planning assumptions. Mutual aid through the state and the Emergency Management Assistance Compact will not arrive in quantity until 48 to 72 hours after landfall. A presidential major disaster declaration is expected but not guaranteed in the first operational period. The county must be self-sufficient for at least the first 72 hours.`,
  capabilitiesAndObjectives: [
    {
      capability: "Critical Transportation",
      objective:
        "Within 6 hours of the hurricane watch being upgraded to a hurricane warning, the Bayhaven County EOC Transportation Branch will confirm bus, paratransit and driver assignments for all registered transport-dependent residents in Zones A and B in accordance with the Evacuation and Sheltering Annex.",
    },
    {
      capability: "Public Information and Warning",
      objective:
        "Within 30 minutes of the County Commission Chair signing the evacuation order, the Joint Information Center will issue coordinated evacuation messaging through wireless emergency alerts, the county alerting system, broadcast media and social media in English, Spanish, Haitian Creole and Vietnamese in accordance with the Public Information Annex.",
    },
    {
      capability: "Mass Care Services",
      objective:
        "Within 12 hours of the evacuation order, the Mass Care Branch, with the Gulf Coast Chapter of the Harborlight Relief Society, will open and staff general-population and medical-needs shelters sufficient for the projected 11,000 evacuees in accordance with the Evacuation and Sheltering Annex.",
    },
    {
      capability: "Mass Search and Rescue Operations",
      objective:
        "Within 2 hours of sustained winds falling below 40 mph, the Fire Rescue Operations Section will deploy search and rescue teams to prioritised surge-affected sectors in accordance with the Search and Rescue Annex.",
    },
    {
      capability: "Infrastructure Systems",
      objective:
        "Within 24 hours of landfall, the EOC Infrastructure Branch will publish a restoration priority list for power, water and wastewater agreed with Gulfline Electric and the Bayhaven Utility Authority in accordance with the Critical Infrastructure Restoration Annex.",
    },
  ],
  customInstructions:
    "Audience: county and municipal EOC staff, fire rescue, law enforcement, public health, utilities and shelter partners. Keep discussion at the policy and coordination level; no field deployment. Emphasise decision timing, people with access and functional needs, and multilingual public messaging.",
  modules: [
    {
      title: "Module 1: Watch, Warning and the Evacuation Decision (H-72 to H-24)",
      description: `Day 1, 08:00. Hurricane Odalys is a Category 3 storm 72 hours from projected landfall on the Bayhaven coast, and the National Hurricane Center now gives a 60% chance of rapid intensification. A hurricane watch and storm surge watch are in effect. The county EOC has moved to Level 2 (partial activation). The Port of Averill is considering closing to inbound vessels, and holiday visitors continue to arrive.

By 17:00 the watch is upgraded to a hurricane warning and the surge forecast for Sandpiper Key rises to 12 to 16 feet. The clearance-time model indicates that an evacuation of Zones A and B must begin no later than 06:00 on Day 2 to finish before tropical-storm-force winds close the Causeway Bridge. Local media are asking whether the county will order a mandatory evacuation.`,
      functionalGroups: [
        "Executive Policy Group",
        "EOC Operations",
        "Public Information",
        "Transportation and Evacuation",
        "Mass Care and Sheltering",
      ],
      injects: [
        "The National Hurricane Center's 11:00 advisory raises Odalys to a Category 4 forecast at landfall and shifts the track 20 miles east, placing Sandpiper Key in the right-front quadrant.",
        "The administrator of Seabreeze Manor, a 140-bed nursing home in Zone B, calls to say her transport contractor has committed the same ambulances to three other facilities.",
        "A viral social media post claims the Causeway Bridge is already closed and that residents should shelter in place; calls to the information line triple within an hour.",
        "The school district superintendent says two shelter schools are still housing summer construction materials and cannot open before Day 2 at 12:00.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Executive Policy Group",
            questions: [
              openEnded(
                "What information do you need, from whom, to decide on a mandatory evacuation of Zones A and B, and at what time must that decision be made to respect the 31-hour clearance time?",
              ),
              multipleChoice("Who has the legal authority to order a mandatory evacuation in Bayhaven County?", [
                "The County Commission Chair under the county emergency ordinance",
                "The Emergency Management Director acting alone",
                "The Governor only",
                "Each municipality independently",
                "Not sure — our plan does not say",
              ]),
            ],
          },
          {
            name: "Transportation and Evacuation",
            questions: [
              openEnded(
                "How will you identify, contact and transport residents without vehicles and those on the special-needs registry, and where are the gaps in bus drivers or accessible vehicles?",
              ),
              openEnded(
                "How do you coordinate healthcare facility evacuations when several facilities rely on the same private transport contractor?",
              ),
            ],
          },
          {
            name: "Public Information",
            questions: [
              openEnded(
                "How will the Joint Information Center reach visitors, seasonal workers and residents with limited English proficiency, and how will it correct the false bridge-closure rumour?",
              ),
              multipleChoice("Which channel reaches the most visitors on Sandpiper Key within the first hour?", [
                "Wireless Emergency Alerts",
                "Opt-in county alert system",
                "Local television and radio",
                "Door-to-door notification by deputies",
                "Rental agencies and campground operators",
              ]),
            ],
          },
          {
            name: "Mass Care and Sheltering",
            questions: [
              openEnded(
                "With only four shelters rated for Category 4 winds, how will you prioritise shelter openings, and what is the plan for pets, medical-needs evacuees and people who arrive without supplies?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 2: Landfall and Life-Safety Operations (H-0 to H+24)",
      description: `Day 3, 00:40. Odalys makes landfall near Sandpiper Key as a Category 4 hurricane with sustained winds of 140 mph. Roughly 2,300 people remained on the island despite the mandatory order. Storm surge floods the harbour district of Port Averill to depths of 8 feet and reaches the ground floor of Bayhaven Regional Medical Center, which is operating on generator power with 212 patients.

By 06:00, 911 has logged more than 1,400 calls, many from people trapped in attics. Gulfline Electric reports 94% of customers without power. Two cell towers serving the island are down and the county's radio system is operating in failsoft mode at one site. The Causeway Bridge deck is intact, but an inspection is needed before crews can cross. Winds are expected to fall below 40 mph at around 09:30.`,
      functionalGroups: ["EOC Operations", "Fire Rescue and Search and Rescue", "Law Enforcement", "Health and Medical", "Communications"],
      injects: [
        "Bayhaven Regional Medical Center reports that floodwater is 6 inches below its generator switchgear and requests guidance on evacuating 38 intensive-care patients.",
        "A Sandpiper Key resident livestreams from her roof while water rises; the video reaches 200,000 views and national media call the county for comment.",
        "The state EOC advises that two urban search and rescue teams are staged 140 miles inland but cannot move until routes are cleared and a formal resource request is received.",
        "The Bayhaven Utility Authority reports that the main wastewater plant is offline and 41 of 63 lift stations have no power.",
      ],
      questions: {
        mode: "inject-functional",
        groups: [
          {
            name: "Fire Rescue and Search and Rescue",
            questions: [
              openEnded(
                "How will you triage 1,400 pending 911 calls into search sectors, and what criteria decide when crews may begin operations as winds drop?",
              ),
              multipleChoice("What is the first route-clearance priority once winds fall below 40 mph?", [
                "The Causeway Bridge to Sandpiper Key",
                "Access routes to Bayhaven Regional Medical Center",
                "Routes to the county EOC and shelters",
                "Routes to the wastewater treatment plant",
              ]),
            ],
          },
          {
            name: "Health and Medical",
            questions: [
              openEnded(
                "What are the triggers and the receiving-hospital plan for evacuating intensive-care patients from Bayhaven Regional, and who decides?",
              ),
            ],
          },
          {
            name: "EOC Operations",
            questions: [
              openEnded(
                "What resource requests must go to the state in the first operational period, and how do you express them as mission-ready packages rather than lists of equipment?",
              ),
              openEnded(
                "With radio and cellular systems degraded, how will the EOC maintain a common operating picture with field units and municipalities?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 3: Stabilisation and Transition to Recovery (H+24 to H+96)",
      description: `Day 4, 08:00. Search and rescue teams have completed primary searches in 70% of surge sectors; 11 fatalities are confirmed and 46 people are reported missing. The Marisol River crested overnight at major flood stage, isolating the inland town of Wrenfield. About 6,800 people remain in shelters, and two shelters have lost generator power.

Gulfline Electric estimates that 60% of customers will have power within 10 days, but the barrier island may take four weeks. A countywide boil-water notice is in effect. Fuel is scarce, petrol stations are closed, and residents are returning to damaged neighbourhoods before re-entry has been authorised. The Governor has requested a major disaster declaration, and the state asks the county for its initial damage assessment within 48 hours.`,
      functionalGroups: ["Executive Policy Group", "Infrastructure", "Mass Care and Human Services", "Logistics", "Recovery Planning"],
      injects: [
        "Residents block the checkpoint at the Causeway Bridge, demanding to return to Sandpiper Key to check on homes and pets.",
        "The state logistics staging area reports 24 trailers of water and meals arriving tonight and asks where the county's points of distribution are.",
        "A shelter manager reports a cluster of gastrointestinal illness among 30 evacuees at Port Averill High School.",
        "The Chamber of Commerce asks when businesses on Harbour Street may begin clean-up, and whether the county will waive permits for emergency repairs.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Executive Policy Group",
            questions: [
              openEnded(
                "What conditions must be met before phased re-entry to Sandpiper Key, and how will you communicate the timeline to displaced residents who are frustrated?",
              ),
              multipleChoice("Which plan governs the transition from response to recovery in Bayhaven County?", [
                "The Disaster Recovery Framework annex of the CEMP",
                "The Hurricane Annex",
                "The state's recovery plan only",
                "No written plan exists",
              ]),
            ],
          },
          {
            name: "Logistics",
            questions: [
              openEnded(
                "How many points of distribution will you open, where, and who will staff them, given fuel shortages and limited road access?",
              ),
            ],
          },
          {
            name: "Mass Care and Human Services",
            questions: [
              openEnded(
                "How will you consolidate shelters and move long-term displaced households into interim housing while protecting people with access and functional needs?",
              ),
            ],
          },
          {
            name: "Recovery Planning",
            questions: [
              openEnded(
                "How will you collect and validate damage assessment data quickly enough to support the major disaster declaration request?",
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
      time: "08:00",
      category: "Situation update",
      injectMode: "video",
      synopsis: "Simulated NHC briefing: Odalys is 72 hours from landfall and may intensify rapidly.",
      from: "SimCell (National Hurricane Center)",
      to: "All players",
      message:
        "Hurricane Odalys, currently Category 3 with sustained winds of 120 mph, is forecast to reach the Bayhaven coast in about 72 hours. Rapid intensification is likely. A hurricane watch and storm surge watch are in effect from Cape Lorne to Sandpiper Key.",
      expectedAction:
        "EOC moves to Level 2 activation; Executive Policy Group convenes; planners run the clearance-time model.",
      responsibleOrganization: "Bayhaven County Office of Emergency Management",
      pocAuthor: "Exercise Director",
      comment: "Start of play. Confirm all functional groups are seated before the briefing.",
    },
    {
      event: "2",
      date: "Day 1",
      time: "11:00",
      category: "Hazard forecast",
      injectMode: "e-mail",
      synopsis: "NHC advisory raises the landfall intensity forecast to Category 4 and shifts the track east.",
      from: "SimCell (National Weather Service Port Averill office)",
      to: "EOC Planning Section",
      message:
        "Advisory 14: Odalys is now forecast to make landfall as a Category 4 hurricane near Sandpiper Key. Peak surge 12–16 ft above ground level in Zones A and B. Tropical-storm-force winds are expected to arrive around 18:00 on Day 2.",
      expectedAction:
        "Planning Section updates the evacuation decision timeline and briefs the Executive Policy Group; public information prepares pre-scripted evacuation messages.",
      responsibleOrganization: "Bayhaven County Office of Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Watch whether players identify the decision deadline implied by the 31-hour clearance time.",
    },
    {
      event: "3",
      date: "Day 1",
      time: "13:30",
      category: "Healthcare facility",
      injectMode: "phone",
      synopsis: "Nursing home reports a conflict in contracted evacuation transport.",
      from: "SimCell (Administrator, Seabreeze Manor)",
      to: "EOC Health and Medical Branch",
      message:
        "This is the administrator of Seabreeze Manor. Our evacuation contract says Coastal Medical Transport will move our 140 residents, but they have just told us the same ambulances are promised to three other homes. We need to know what the county can do today.",
      expectedAction:
        "Health and Medical Branch logs the request, checks other facilities' transport contracts and escalates the shortfall for state ambulance-strike-team support.",
      responsibleOrganization: "Bayhaven County Health Department",
      pocAuthor: "Health and Medical Controller",
      comment: "Tests awareness of shared contractor dependencies among healthcare facilities.",
    },
    {
      event: "4",
      date: "Day 1",
      time: "15:15",
      category: "Public information",
      injectMode: "simulated social media",
      synopsis: "A false post claims the Causeway Bridge is closed and tells residents to shelter in place.",
      from: "SimCell (social media)",
      to: "Joint Information Center",
      message:
        "@SandpiperLocals: BREAKING — they already closed the Causeway!! Nobody can leave the island, county says shelter in place. Share this!!! (4,812 shares)",
      expectedAction:
        "JIC verifies the bridge status, posts a correction on all channels within 30 minutes and briefs call-centre staff with a consistent script.",
      responsibleOrganization: "Bayhaven County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "Rumour-control inject. Note time to correction and whether translated versions are issued.",
    },
    {
      event: "5",
      date: "Day 1",
      time: "17:00",
      category: "Policy decision",
      injectMode: "in person",
      synopsis: "Hurricane warning issued; the Executive Policy Group must decide on a mandatory evacuation.",
      from: "SimCell (State Division of Emergency Management liaison)",
      to: "Executive Policy Group",
      message:
        "The hurricane watch has been upgraded to a hurricane warning. The state recommends that coastal counties finalise evacuation orders for surge Zones A and B tonight. What is Bayhaven County's decision and effective time?",
      expectedAction:
        "County Commission Chair signs the mandatory evacuation order for Zones A and B; JIC issues multilingual alerts; Transportation Branch activates transport-dependent evacuation.",
      responsibleOrganization: "Bayhaven County Commission",
      pocAuthor: "Exercise Director",
      comment: "Key decision point for Objectives 1 and 2. Evaluators record the time the order is signed.",
    },
    {
      event: "6",
      date: "Day 1",
      time: "19:00",
      category: "Sheltering",
      injectMode: "e-mail",
      synopsis: "School district says two shelter schools cannot open until midday on Day 2.",
      from: "SimCell (Superintendent, Bayhaven County Schools)",
      to: "EOC Mass Care Branch",
      message:
        "Port Averill Middle and Eastshore Elementary still have summer construction materials in the gymnasiums. Facilities staff can clear them by noon tomorrow at the earliest.",
      expectedAction:
        "Mass Care Branch adjusts the shelter opening sequence, confirms capacity against the projected evacuee count and updates public messaging on open shelters.",
      responsibleOrganization: "Gulf Coast Chapter, Harborlight Relief Society",
      pocAuthor: "Mass Care Controller",
      comment: "",
    },
    {
      event: "7",
      date: "Day 3",
      time: "00:40",
      category: "Situation update",
      injectMode: "video",
      synopsis: "Landfall near Sandpiper Key as a Category 4 hurricane.",
      from: "SimCell (National Weather Service)",
      to: "All players",
      message:
        "Hurricane Odalys made landfall at 00:40 near Sandpiper Key with maximum sustained winds of 140 mph. Storm surge of 10–14 ft is being observed in Port Averill harbour. Extreme wind warning in effect for all of Bayhaven County.",
      expectedAction:
        "EOC confirms all responders are sheltered; Operations Section prepares post-landfall search sectors and route-clearance priorities.",
      responsibleOrganization: "Bayhaven County Office of Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 2.",
    },
    {
      event: "8",
      date: "Day 3",
      time: "02:15",
      category: "Healthcare facility",
      injectMode: "radio",
      synopsis: "Hospital reports floodwater approaching generator switchgear.",
      from: "SimCell (Bayhaven Regional Medical Center incident commander)",
      to: "EOC Health and Medical Branch",
      message:
        "Bayhaven Regional to County EOC: water is six inches below our generator switchgear and still rising. We have 212 patients including 38 in intensive care. Requesting guidance and transport options for ICU patients once winds allow.",
      expectedAction:
        "Health and Medical Branch activates the regional patient-movement plan, identifies receiving hospitals and requests ambulance and air-medical resources through the state.",
      responsibleOrganization: "Bayhaven County Health Department",
      pocAuthor: "Health and Medical Controller",
      comment: "Players should recognise that no movement is possible until winds subside.",
    },
    {
      event: "9",
      date: "Day 3",
      time: "06:00",
      category: "Search and rescue",
      injectMode: "paper handout",
      synopsis: "911 backlog report: 1,400 calls, many from people trapped by surge.",
      from: "SimCell (Bayhaven Emergency Communications Center)",
      to: "Fire Rescue Operations Section",
      message:
        "911 summary as of 06:00: 1,412 calls received since 22:00, 618 unresolved. 233 callers report being trapped in attics or on rooftops, 71% of them in Sandpiper Key and the harbour district. Call locations are attached as a map.",
      expectedAction:
        "Fire Rescue divides the county into search sectors, prioritises by call density and surge depth, and readies teams to deploy when winds fall below 40 mph.",
      responsibleOrganization: "Bayhaven County Fire Rescue",
      pocAuthor: "Operations Controller",
      comment: "Hand out the call-density map with this inject.",
    },
    {
      event: "10",
      date: "Day 3",
      time: "09:30",
      category: "Resource request",
      injectMode: "phone",
      synopsis: "State offers two urban search and rescue teams pending a formal request.",
      from: "SimCell (State EOC Operations Chief)",
      to: "EOC Operations Section Chief",
      message:
        "We have two urban search and rescue task forces staged at the Cedar Plains fairgrounds. They can move as soon as we receive your resource request with a reporting location and a cleared route.",
      expectedAction:
        "Operations submits the resource request through the state system with reporting location, route and mission assignment; Public Works clears the assigned route.",
      responsibleOrganization: "Bayhaven County Office of Emergency Management",
      pocAuthor: "Operations Controller",
      comment: "Evaluates Objective 4 (deployment within 2 hours of winds falling below 40 mph).",
    },
    {
      event: "11",
      date: "Day 3",
      time: "11:00",
      category: "Infrastructure",
      injectMode: "e-mail",
      synopsis: "Utility reports wastewater plant offline and lift stations without power.",
      from: "SimCell (Bayhaven Utility Authority)",
      to: "EOC Infrastructure Branch",
      message:
        "The Southshore wastewater plant is flooded and offline. 41 of 63 lift stations have no power and only 12 portable generators are available. We recommend a countywide boil-water notice until pressure is restored.",
      expectedAction:
        "Infrastructure Branch coordinates generator allocation with Gulfline Electric's restoration plan and drafts the restoration priority list; JIC issues the boil-water notice.",
      responsibleOrganization: "Bayhaven Utility Authority",
      pocAuthor: "Infrastructure Controller",
      comment: "Feeds Objective 5.",
    },
    {
      event: "12",
      date: "Day 4",
      time: "08:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "Day 4 situation report: fatalities, missing persons, river flooding and shelter population.",
      from: "SimCell (EOC Planning Section)",
      to: "All players",
      message:
        "Situation report 9: 11 confirmed fatalities, 46 persons reported missing. Marisol River crested at 27.4 ft (major flood stage); Wrenfield isolated. 6,800 people in 14 shelters. 88% of customers without power. Countywide boil-water notice in effect.",
      expectedAction:
        "Players review priorities for the next operational period and begin recovery planning.",
      responsibleOrganization: "Bayhaven County Office of Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 3.",
    },
    {
      event: "13",
      date: "Day 4",
      time: "10:30",
      category: "Law enforcement",
      injectMode: "radio",
      synopsis: "Residents block the causeway checkpoint demanding re-entry.",
      from: "SimCell (Sheriff's Office checkpoint supervisor)",
      to: "EOC Law Enforcement Branch",
      message:
        "About 150 residents and 60 vehicles are at the causeway checkpoint. Crowd is frustrated but peaceful, demanding access to the island to check homes and pets. Requesting guidance on re-entry policy.",
      expectedAction:
        "Policy group defines re-entry criteria and phasing; JIC publishes a re-entry timeline; law enforcement maintains the checkpoint and offers information on pet rescue.",
      responsibleOrganization: "Bayhaven County Sheriff's Office",
      pocAuthor: "Law Enforcement Controller",
      comment: "",
    },
    {
      event: "14",
      date: "Day 4",
      time: "14:00",
      category: "Logistics",
      injectMode: "e-mail",
      synopsis: "State staging area announces commodity arrival and asks for point-of-distribution locations.",
      from: "SimCell (State Logistics Section)",
      to: "EOC Logistics Section",
      message:
        "24 trailers of water and shelf-stable meals will reach the Bayhaven staging area at 20:00. Please provide the locations, hours and staffing of your points of distribution by 17:00.",
      expectedAction:
        "Logistics selects and staffs points of distribution, confirms access routes and fuel, and informs the JIC for public messaging.",
      responsibleOrganization: "Bayhaven County Office of Emergency Management",
      pocAuthor: "Logistics Controller",
      comment: "Last inject. Move to the hot wash after discussion.",
    },
  ],
} satisfies QuickStartTemplate;
