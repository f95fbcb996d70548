import { multipleChoice, openEnded } from "./helpers";
import type { QuickStartTemplate } from "./types";

export const earthquake = {
  id: "earthquake",
  name: "Greywater Fault Earthquake Tabletop Exercise",
  framework: "HSEEP",
  threatType: "Magnitude 7.1 crustal earthquake",
  scenario: `At 10:42 on a Tuesday in February, a magnitude 7.1 earthquake ruptures 45 miles of the Greywater Fault, which runs directly beneath the metropolitan area of Alder Bay (city population 540,000; Keystone County 1.3 million). Strong to violent shaking lasts about 25 seconds. The epicentre lies 6 miles south-east of downtown at a depth of 9 miles.

Older unreinforced masonry buildings in the Old Harbour district and many soft-storey apartment buildings collapse or are badly damaged. Liquefaction in the reclaimed land along the waterfront damages the port, the main wastewater treatment plant and the approaches to the Narrows Bridge, which links Alder Bay to the eastern suburbs. Fires break out across the city from broken gas lines, and water pressure falls as mains rupture. Schools, offices and hospitals are in full session.

Within the first hour, Keystone County 911 receives more calls than it can answer, the cellular network is congested, and the county EOC building has non-structural damage that forces a move to its alternate site. Two of the county's five acute-care hospitals report structural damage and begin partial evacuation. A magnitude 5.8 aftershock at 13:15 causes further collapses.

The exercise follows Keystone County, the City of Alder Bay and their partners from the first minutes after the earthquake through the first 72 hours of life-saving operations and into the transition to mass care, temporary housing and infrastructure restoration. It tests the county's Emergency Operations Plan, its Earthquake Annex, the regional hospital surge plan and the Continuity of Operations Plan for the EOC.`,
  threatAnalysis: `Hazard profile. The Greywater Fault is an active crustal fault capable of magnitude 7 earthquakes, with a recurrence interval estimated at 300 to 500 years; the last major rupture occurred about 330 years ago. A shallow rupture beneath a dense urban area produces strong shaking with little or no warning, followed by hundreds of aftershocks, some large enough to cause additional damage. The region's earthquake early warning system provides seconds, not minutes, of notice near the epicentre.

Vulnerabilities. Keystone County contains about 1,900 unreinforced masonry buildings and 6,400 soft-storey wood-frame apartment buildings, most of them housing lower-income renters; retrofit programmes are voluntary and only 18% complete. The waterfront, port and wastewater plant sit on fill prone to liquefaction. The Narrows Bridge and two other crossings carry most traffic between the city and the eastern suburbs. Two hospitals pre-date current seismic standards. The county's EOC has a known vulnerability in its ceiling and raised-floor systems. Many residents have less than three days of water and food at home.

Cascading effects. Broken water mains leave firefighters without hydrant water while multiple fires burn. Gas leaks and electrical faults ignite fires in collapsed buildings. Loss of the wastewater plant and sewer lines creates public-health risks. Bridge closures isolate communities and slow mutual aid. Hospital damage coincides with a surge of trauma patients. Congested networks delay 911 and family reunification. Tens of thousands of households lose their homes or cannot safely occupy them, and businesses lose premises, staff and customers, threatening the regional economy for years.

Planning assumptions. The county will receive significant state and federal resources only after 72 hours. Self-deployed volunteers and spontaneous rescuers will play a large role in the first day. Initial casualty estimates: 180 to 450 deaths, 5,000 to 9,000 injuries, and 60,000 to 90,000 people displaced.`,
  capabilitiesAndObjectives: [
    {
      capability: "Situational Assessment",
      objective:
        "Within 2 hours of the earthquake, the Keystone County EOC Planning Section will compile an initial damage and impact picture from windshield surveys, 911 data and critical-facility reports and brief the Policy Group in accordance with the Earthquake Annex.",
    },
    {
      capability: "Mass Search and Rescue Operations",
      objective:
        "Within 1 hour of the earthquake, Alder Bay Fire Department will assign heavy-rescue companies to the highest-priority collapsed structures using the structure triage criteria in accordance with the Search and Rescue Annex.",
    },
    {
      capability: "Public Health, Healthcare, and Emergency Medical Services",
      objective:
        "Within 3 hours of the earthquake, the Keystone Healthcare Coalition will confirm the operational status and bed capacity of all five acute-care hospitals and direct patient distribution in accordance with the Regional Hospital Surge Plan.",
    },
    {
      capability: "Infrastructure Systems",
      objective:
        "Within 12 hours of the earthquake, the EOC Infrastructure Branch will publish inspection priorities for bridges, water mains and the wastewater plant agreed with the state Department of Transportation and Alder Bay Public Utilities in accordance with the Critical Infrastructure Annex.",
    },
    {
      capability: "Housing",
      objective:
        "Within 72 hours of the earthquake, the Keystone County Housing Task Force will present options for interim housing for at least 20,000 displaced households in accordance with the Disaster Housing Strategy.",
    },
  ],
  customInstructions:
    "Audience: county and city emergency management, fire, police, EMS, healthcare coalition, public works and utilities, building officials, housing and human services. Stress the no-notice start, relocation of the EOC, competing life-safety demands and the long road to housing recovery.",
  modules: [
    {
      title: "Module 1: The First Hour (Day 1, 10:42–12:00)",
      description: `Day 1, 10:42. A magnitude 7.1 earthquake strikes beneath Alder Bay. Shaking lasts about 25 seconds. Participants should assume they are at their normal workplaces.

Immediately afterwards, smoke columns rise from at least a dozen locations. Power is out across most of the county. The EOC building's ceiling tiles and light fixtures have fallen and the raised floor has shifted; staff evacuate to the parking lot. 911 dispatchers are triaging more calls than they can answer, and radio traffic reports collapsed buildings in Old Harbour and along Mercer Avenue.`,
      functionalGroups: ["Emergency Management", "Fire and Rescue", "Law Enforcement", "Emergency Medical Services", "Public Information"],
      injects: [
        "The EOC Director reports that the primary EOC is unsafe and asks for the alternate site to be activated.",
        "Fire Station 6 reports the collapse of a four-storey apartment building with an estimated 40 occupants and a separate fire spreading across three blocks.",
        "Water pressure at hydrants in the Old Harbour district has dropped to near zero.",
        "Parents flood the Alder Bay school district's phone lines asking whether children are safe and where to collect them.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Emergency Management",
            questions: [
              openEnded(
                "How, and how quickly, do you relocate the EOC, and who makes decisions while it is being re-established?",
              ),
              multipleChoice("Which source will give you the first reliable picture of damage across the county?", [
                "Fire station windshield surveys of pre-assigned routes",
                "911 call locations",
                "Social media reports",
                "USGS shaking-intensity maps",
                "Aerial reconnaissance",
              ]),
            ],
          },
          {
            name: "Fire and Rescue",
            questions: [
              openEnded(
                "With more collapses and fires than companies, how do you choose which incidents to commit to, and how do you use spontaneous volunteers safely?",
              ),
              openEnded("What alternative water sources can you use for firefighting while hydrant pressure is gone?"),
            ],
          },
          {
            name: "Public Information",
            questions: [
              openEnded(
                "What are the first three protective-action messages you will issue, and through which channels when power and cellular are degraded?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 2: Life Safety and Medical Surge (Day 1, 12:00–Day 2, 12:00)",
      description: `Day 1, 13:15. A magnitude 5.8 aftershock causes further collapses, including part of a parking structure at Alder Bay General Hospital. Two of the county's five hospitals have structural damage: Alder Bay General is partially evacuating and St. Brendan's Medical Center has lost its water supply.

The Narrows Bridge has been closed pending inspection, separating the city from the eastern suburbs where most EMS units are based. The county estimates more than 2,500 injured people are seeking care, many arriving by private vehicle. State urban search and rescue teams have been requested but are 18 to 24 hours away.`,
      functionalGroups: ["Emergency Management", "Fire and Rescue", "Healthcare Coalition", "Emergency Medical Services", "Fatality Management"],
      injects: [
        "Alder Bay General reports it must move 160 patients, including 22 ventilated patients, and asks where to send them.",
        "A field treatment site set up by volunteers in Founders Park is caring for 300 people without medical supplies or oversight.",
        "The medical examiner reports 64 confirmed deaths and only enough storage for 40 decedents.",
        "The state DOT says a bridge inspection team can reach the Narrows Bridge in 6 hours.",
      ],
      questions: {
        mode: "inject-functional",
        groups: [
          {
            name: "Healthcare Coalition",
            questions: [
              openEnded(
                "How will you match patients leaving Alder Bay General with capacity elsewhere, including outside the region, and track each patient?",
              ),
              multipleChoice("What is the best use of the volunteer field treatment site in Founders Park?", [
                "Formalise it as an alternate care site with EMS and coalition staff",
                "Close it and direct patients to hospitals",
                "Leave it to volunteers and monitor",
                "Use it only as a family reunification point",
              ]),
            ],
          },
          {
            name: "Fatality Management",
            questions: [
              openEnded(
                "How will you expand decedent storage and identification while respecting families and cultural practices?",
              ),
            ],
          },
          {
            name: "Emergency Management",
            questions: [
              openEnded("What resources must you request from the state now so they arrive in 24 to 72 hours, and how do you stage them?"),
            ],
          },
        ],
      },
    },
    {
      title: "Module 3: Sheltering, Infrastructure and Housing (Days 3–5)",
      description: `Day 3, 08:00. Search and rescue has transitioned from rescue to recovery at most sites. Confirmed deaths stand at 212, with 6,300 injured. Building inspectors have red-tagged 9,800 buildings and yellow-tagged 21,000. Around 74,000 people are displaced, 18,000 of them in 42 shelters and many more in cars, parks and with family.

Power is restored to 55% of customers. Water service remains out in a third of the city, and the wastewater plant is discharging partially treated sewage into the bay. The Narrows Bridge reopened to emergency traffic only. Aftershocks continue, and many residents of yellow-tagged buildings refuse to go home.`,
      functionalGroups: ["Policy Group", "Mass Care", "Infrastructure", "Housing Task Force", "Public Information"],
      injects: [
        "Residents of a red-tagged soft-storey building demand to retrieve medications and belongings.",
        "A shelter at the convention centre reports a norovirus outbreak among 60 residents.",
        "Landlords of yellow-tagged buildings begin issuing eviction notices so that they can repair and re-let units.",
        "The state offers 2,000 travel trailers but asks where the county will put them.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Housing Task Force",
            questions: [
              openEnded(
                "What mix of interim housing options (repairs, rentals, trailers, group sites) will you pursue, and how will you protect renters from displacement?",
              ),
              multipleChoice("Which group is most likely to remain in shelters the longest?", [
                "Renters from red-tagged soft-storey buildings",
                "Homeowners with earthquake insurance",
                "Residents of newer high-rise buildings",
                "Visitors and business travellers",
              ]),
            ],
          },
          {
            name: "Infrastructure",
            questions: [
              openEnded(
                "How will you sequence water, wastewater and power restoration, and how will you communicate realistic timelines to residents?",
              ),
            ],
          },
          {
            name: "Mass Care",
            questions: [
              openEnded("How will you consolidate shelters, control disease and support residents living in vehicles and parks?"),
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
      time: "10:42",
      category: "Initial event",
      injectMode: "video",
      synopsis: "M7.1 earthquake strikes Alder Bay; participants experience simulated shaking and early-warning alert.",
      from: "SimCell",
      to: "All players",
      message:
        "Earthquake early warning: 'Earthquake! Expect strong shaking. Drop, cover, hold on.' Video shows 25 seconds of violent shaking in an office. Power fails.",
      expectedAction:
        "Players describe immediate personal protective actions, then their agency's automatic post-earthquake procedures.",
      responsibleOrganization: "Keystone County Office of Emergency Management",
      pocAuthor: "Exercise Director",
      comment: "Start of play. No-notice event.",
    },
    {
      event: "2",
      date: "Day 1",
      time: "10:55",
      category: "Continuity of operations",
      injectMode: "in person",
      synopsis: "Primary EOC is unsafe; staff evacuate to the parking lot.",
      from: "SimCell (EOC Facilities Manager)",
      to: "EOC Director",
      message:
        "Ceiling grid and lights are down in the operations room, the raised floor has shifted and we smell gas near the generator room. I recommend we do not re-enter until a structural engineer clears the building.",
      expectedAction:
        "EOC Director activates the alternate EOC per the Continuity of Operations Plan and designates interim leadership and a rally point.",
      responsibleOrganization: "Keystone County Office of Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "",
    },
    {
      event: "3",
      date: "Day 1",
      time: "11:05",
      category: "Search and rescue",
      injectMode: "radio",
      synopsis: "Apartment building collapse and spreading fire reported by Station 6.",
      from: "SimCell (Alder Bay Fire Station 6)",
      to: "Fire Department Operations",
      message:
        "Station 6 windshield survey: four-storey apartment building collapsed at 1400 Mercer Ave, estimated 40 occupants, bystanders digging. Separate working fire spreading across three blocks at Harbour and 3rd. Hydrant pressure very low.",
      expectedAction:
        "Fire Operations triages incidents, assigns heavy rescue and structure fire resources and organises spontaneous volunteers under supervision.",
      responsibleOrganization: "Alder Bay Fire Department",
      pocAuthor: "Fire Controller",
      comment: "Objective 2.",
    },
    {
      event: "4",
      date: "Day 1",
      time: "11:30",
      category: "Public information",
      injectMode: "phone",
      synopsis: "School district overwhelmed by parents asking about children.",
      from: "SimCell (Alder Bay Schools communications office)",
      to: "Joint Information Center",
      message:
        "We have 70,000 students in buildings. Two schools report injuries. Parents are driving to schools and blocking emergency routes. We need a joint message on reunification.",
      expectedAction:
        "JIC and schools issue a coordinated message on student safety and reunification procedures via radio, sirens-to-radio, social media and school channels.",
      responsibleOrganization: "Keystone County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "5",
      date: "Day 1",
      time: "12:40",
      category: "Situational assessment",
      injectMode: "paper handout",
      synopsis: "Initial damage summary compiled from windshield surveys.",
      from: "SimCell (EOC Planning Section)",
      to: "Policy Group",
      message:
        "Initial summary (12:30): 27 confirmed building collapses, 38 fires, 2 hospitals reporting damage, Narrows Bridge approach settlement reported, water pressure lost in 40% of the city. 911 queue: 1,900 calls.",
      expectedAction: "Policy Group sets incident priorities and issues an emergency proclamation; Planning sets the next reporting time.",
      responsibleOrganization: "Keystone County Office of Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Objective 1 — record time of first Policy Group briefing.",
    },
    {
      event: "6",
      date: "Day 1",
      time: "13:15",
      category: "Situation update",
      injectMode: "video",
      synopsis: "M5.8 aftershock causes more collapses including a hospital parking structure.",
      from: "SimCell",
      to: "All players",
      message:
        "A magnitude 5.8 aftershock struck at 13:15. Reports of additional partial collapses, including the parking structure at Alder Bay General Hospital.",
      expectedAction: "Agencies account for responders, re-check damaged structures and update priorities.",
      responsibleOrganization: "Keystone County Office of Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 2.",
    },
    {
      event: "7",
      date: "Day 1",
      time: "13:40",
      category: "Healthcare",
      injectMode: "radio",
      synopsis: "Alder Bay General must move 160 patients, 22 on ventilators.",
      from: "SimCell (Alder Bay General Hospital command center)",
      to: "Keystone Healthcare Coalition",
      message:
        "Alder Bay General: our east tower is damaged. We must move 160 inpatients including 22 ventilated patients. Emergency department remains open but overwhelmed. Requesting destination hospitals and transport.",
      expectedAction:
        "Healthcare Coalition confirms status of all hospitals, allocates receiving beds, and coordinates ambulance and out-of-region transfers.",
      responsibleOrganization: "Keystone Healthcare Coalition",
      pocAuthor: "Health and Medical Controller",
      comment: "Objective 3.",
    },
    {
      event: "8",
      date: "Day 1",
      time: "15:00",
      category: "Transportation",
      injectMode: "e-mail",
      synopsis: "Narrows Bridge closed pending inspection; inspection team 6 hours away.",
      from: "SimCell (State Department of Transportation)",
      to: "EOC Infrastructure Branch",
      message:
        "The Narrows Bridge is closed in both directions due to approach settlement. A bridge inspection team can be on site in 6 hours. Please confirm alternative routes for emergency traffic.",
      expectedAction:
        "Infrastructure Branch designates emergency routes, repositions EMS and requests inspection priorities.",
      responsibleOrganization: "Keystone County Public Works",
      pocAuthor: "Infrastructure Controller",
      comment: "Objective 4 begins.",
    },
    {
      event: "9",
      date: "Day 1",
      time: "17:30",
      category: "Fatality management",
      injectMode: "phone",
      synopsis: "Medical examiner reports storage capacity exceeded.",
      from: "SimCell (Keystone County Medical Examiner)",
      to: "EOC Operations Section",
      message:
        "We have 64 confirmed deaths and capacity for 40. I need refrigerated storage, a family assistance centre and help with missing-person reports.",
      expectedAction:
        "EOC requests refrigerated trailers and a mortuary team, and opens a family assistance centre with law enforcement and human services.",
      responsibleOrganization: "Keystone County Medical Examiner",
      pocAuthor: "Health and Medical Controller",
      comment: "",
    },
    {
      event: "10",
      date: "Day 2",
      time: "09:00",
      category: "Healthcare",
      injectMode: "in person",
      synopsis: "Volunteer field treatment site in Founders Park needs oversight and supplies.",
      from: "SimCell (Volunteer physician at Founders Park)",
      to: "Keystone Healthcare Coalition",
      message:
        "We have about 300 people here, some with fractures and crush injuries. We're out of dressings and pain medication and nobody from the county has come. What should we do?",
      expectedAction:
        "Coalition and EMS assess the site and either establish it as an alternate care site or transport patients.",
      responsibleOrganization: "Keystone County EMS Agency",
      pocAuthor: "Health and Medical Controller",
      comment: "",
    },
    {
      event: "11",
      date: "Day 3",
      time: "08:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "Day 3 summary: 212 deaths, 74,000 displaced, 9,800 red-tagged buildings.",
      from: "SimCell (EOC Planning Section)",
      to: "All players",
      message:
        "Situation report 12: 212 deaths, 6,300 injured. 9,800 red-tagged and 21,000 yellow-tagged buildings. 74,000 displaced; 18,000 in 42 shelters. Power 55% restored. Water out in one-third of the city.",
      expectedAction: "Players shift priorities towards mass care, infrastructure restoration and housing.",
      responsibleOrganization: "Keystone County Office of Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 3.",
    },
    {
      event: "12",
      date: "Day 3",
      time: "13:00",
      category: "Mass care",
      injectMode: "e-mail",
      synopsis: "Norovirus outbreak at the convention centre shelter.",
      from: "SimCell (Convention centre shelter manager)",
      to: "EOC Mass Care Branch",
      message:
        "Sixty residents have vomiting and diarrhoea since last night. Restrooms are overwhelmed and water is intermittent. Requesting public health support and portable sanitation.",
      expectedAction:
        "Mass Care and public health implement isolation and sanitation measures and review shelter consolidation.",
      responsibleOrganization: "Keystone County Human Services",
      pocAuthor: "Mass Care Controller",
      comment: "",
    },
    {
      event: "13",
      date: "Day 4",
      time: "10:00",
      category: "Housing",
      injectMode: "e-mail",
      synopsis: "State offers 2,000 travel trailers and needs site locations.",
      from: "SimCell (State Housing Recovery Coordinator)",
      to: "Housing Task Force",
      message:
        "We can deliver 2,000 travel trailers starting Day 7. We need pad sites with utilities, and you'll need to identify eligible households. Please send proposed sites by Day 5.",
      expectedAction:
        "Housing Task Force evaluates group sites and private lots, weighs alternatives such as rental repair, and presents options.",
      responsibleOrganization: "Keystone County Housing Task Force",
      pocAuthor: "Recovery Controller",
      comment: "Objective 5.",
    },
    {
      event: "14",
      date: "Day 5",
      time: "09:00",
      category: "Housing",
      injectMode: "simulated social media",
      synopsis: "Tenants report eviction notices from landlords of yellow-tagged buildings.",
      from: "SimCell (tenant union social media)",
      to: "Joint Information Center",
      message:
        "Alder Bay Tenants United: 'Landlords are handing out eviction notices at yellow-tagged buildings while families sleep in cars. Where is the county?' (#AlderBayRenters trending)",
      expectedAction:
        "Policy Group considers an emergency eviction moratorium and tenant protections; JIC publishes tenant rights information.",
      responsibleOrganization: "Keystone County Housing Task Force",
      pocAuthor: "Recovery Controller",
      comment: "Final inject.",
    },
  ],
} satisfies QuickStartTemplate;
