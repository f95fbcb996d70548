import { multipleChoice, openEnded } from "./helpers";
import type { QuickStartTemplate } from "./types";

export const wildfireEvacuation = {
  id: "wildfire-evacuation",
  name: "Juniper Ridge Fire Evacuation Tabletop Exercise",
  framework: "HSEEP",
  threatType: "Wind-driven wildfire in the wildland-urban interface",
  scenario: `After the driest summer on record, Sierra Alta County (population 128,000) enters October with critically low fuel moisture across its forested foothills. A red flag warning is issued for Day 1, forecasting sustained north-east winds of 30 mph with gusts to 60 mph and relative humidity below 8%. The county's eastern foothills include the communities of Cedar Hollow (3,900 residents), Manzanita Springs (2,200 residents) and the Pine Shadow retirement community, all served by narrow, winding roads.

At 13:05 on Day 1, a fire is reported near a power line on Juniper Ridge, 6 miles north-east of Cedar Hollow. Within the first hour, wind-driven embers produce spot fires up to a mile ahead of the main front. By 15:00 the Juniper Ridge Fire has grown to 2,400 acres and is moving south-west towards Cedar Hollow at about 2 miles per hour. The only two evacuation routes out of Cedar Hollow, Hollow Road and the Old Mine Road, converge on State Route 41 at a single intersection.

As evacuation begins, traffic gridlocks at the Route 41 junction, smoke reduces visibility to a few hundred feet, and power is cut to 19,000 customers in a public safety power shutoff and by fire damage. Cellular service degrades when a fibre line burns. Several residents of Pine Shadow, many of them with limited mobility, have not left. Overnight the fire enters Cedar Hollow, destroying homes, and threatens Manzanita Springs by the morning of Day 2.

The exercise follows Sierra Alta County, its fire protection district, the state forestry agency, law enforcement and partners from the red flag warning through the first 48 hours of evacuation, sheltering and fire suppression, and into the first days of repopulation planning. It tests the county's Emergency Operations Plan, its Wildfire Annex, the Cedar Hollow Community Wildfire Protection Plan and the county's Evacuation Annex.`,
  threatAnalysis: `Hazard profile. Sierra Alta County's foothills are classed as a very high fire hazard severity zone. Fire seasons are longer than 20 years ago, and wind-driven fires in the wildland-urban interface now spread faster than traditional evacuation models assume: in recent regional fires, communities were overrun within two to four hours of ignition. Ember cast, not the flame front, causes most home ignitions, and spot fires can close evacuation routes ahead of the main fire.

Vulnerabilities. Cedar Hollow and Manzanita Springs each have only two routes out, both narrow and lined with vegetation; traffic studies estimate that a full evacuation of Cedar Hollow takes 3.5 hours under clear conditions. The Pine Shadow retirement community has 340 residents, of whom about 90 use mobility aids and 25 rely on home oxygen. Many homes do not meet defensible-space standards. A significant share of residents are seasonal or second-home owners who are not registered for county alerts. Large animals, horses and livestock are common, and owners often delay leaving to move them.

Cascading effects. Public safety power shutoffs and fire damage cut power to water pumps, reducing hydrant pressure exactly when firefighters need it. Cellular and fibre outages degrade alerting, 911 access and responder coordination. Smoke creates health impacts across the region, particularly for people with respiratory conditions, and may force closure of schools well outside the fire area. Evacuation traffic competes with inbound fire apparatus. After the fire, burned slopes create post-fire debris-flow risk with the first winter rains, and hazardous ash and debris delay the return of residents.

Planning assumptions. Mutual aid through the state fire assistance system will arrive in strength 12 to 24 hours after the request. Aircraft will be grounded when winds exceed 45 mph. An unknown number of residents will refuse to evacuate.`,
  capabilitiesAndObjectives: [
    {
      capability: "Public Information and Warning",
      objective:
        "Within 15 minutes of the Unified Command issuing an evacuation order for a zone, the Sierra Alta County Office of Emergency Services will send zone-specific alerts through the county alert system, wireless emergency alerts and hi-lo sirens in accordance with the Evacuation Annex.",
    },
    {
      capability: "Critical Transportation",
      objective:
        "Within 1 hour of an evacuation order for Cedar Hollow, the Sheriff's Office and the state highway patrol will establish traffic control points and contraflow at the Route 41 junction in accordance with the Cedar Hollow evacuation traffic plan.",
    },
    {
      capability: "Fire Management and Suppression",
      objective:
        "Within 2 hours of the fire reaching 1,000 acres, the Sierra Alta Fire Protection District and the state forestry agency will establish a Unified Command and request mutual-aid strike teams for structure defence in accordance with the Wildfire Annex.",
    },
    {
      capability: "Mass Care Services",
      objective:
        "Within 4 hours of the first evacuation order, the County Human Services Department will open an evacuation centre with accessible sheltering, and coordinate large-animal sheltering at the county fairgrounds, in accordance with the Mass Care and Shelter Annex.",
    },
    {
      capability: "Operational Communications",
      objective:
        "Within 1 hour of the loss of commercial cellular service in the fire area, the EOC Communications Unit will implement the interoperable radio plan and deploy a mobile communications unit to the incident command post in accordance with the Tactical Interoperable Communications Plan.",
    },
  ],
  customInstructions:
    "Audience: fire agencies, sheriff and highway patrol, emergency services, human services, animal services, the electric utility and public health. Emphasise speed of decisions in the first two hours, evacuation of people with limited mobility, and communication failures.",
  modules: [
    {
      title: "Module 1: Ignition and the First Two Hours (Day 1, 13:05–15:00)",
      description: `Day 1, 13:05. Under a red flag warning, a fire is reported near a power line on Juniper Ridge. The first engine company arrives at 13:20 and reports 80 acres with rapid rate of spread and spotting up to half a mile ahead. Winds are gusting to 55 mph and air tankers have been ordered but may not be able to fly.

By 14:10 the fire is 900 acres and the leading edge is 4 miles from Cedar Hollow. The fire behaviour analyst projects that embers could reach the north edge of town by 16:30. Many residents are at work or school in the valley; children are being released from Cedar Hollow Elementary.`,
      functionalGroups: ["Unified Command", "Law Enforcement", "Emergency Services (EOC)", "Public Information", "Schools"],
      injects: [
        "The first-arriving battalion chief requests immediate evacuation warnings for Cedar Hollow zones CH-1 and CH-2.",
        "The electric utility announces a public safety power shutoff for the eastern foothills beginning at 14:30.",
        "Cedar Hollow Elementary's principal asks whether to release 410 students to parents or hold them at the school.",
        "A popular community social media page posts that the fire is \"miles away and under control\".",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Unified Command",
            questions: [
              openEnded(
                "What fire behaviour and time-to-impact information triggers an evacuation order rather than a warning, and who can issue it before the EOC is staffed?",
              ),
              multipleChoice("When should the first evacuation order for zone CH-1 be issued?", [
                "Immediately, at 13:20, on the first size-up",
                "When the fire reaches 1,000 acres",
                "When spot fires are reported within 2 miles of homes",
                "Only after the EOC is activated",
              ]),
            ],
          },
          {
            name: "Schools",
            questions: [
              openEnded(
                "Should the school release children to parents driving into an evacuation area or move them out by bus, and how will parents be told where to reunify?",
              ),
            ],
          },
          {
            name: "Public Information",
            questions: [
              openEnded(
                "How will you reach residents who are away from home, second-home owners and visitors, and counter the message that the fire is under control?",
              ),
            ],
          },
          {
            name: "Law Enforcement",
            questions: [
              openEnded(
                "How many deputies and officers are needed to run traffic control and door-to-door notification, and where will they come from in the first hour?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 2: Evacuation Under Fire (Day 1, 15:00–Day 2, 06:00)",
      description: `Day 1, 15:00. The Juniper Ridge Fire is 2,400 acres and spreading south-west. Evacuation orders are in effect for all of Cedar Hollow and warnings for Manzanita Springs. Traffic on Hollow Road is at a standstill at the Route 41 junction, and a spot fire has crossed the Old Mine Road 1.5 miles east of town.

Cellular service is intermittent after a fibre line burned. The Pine Shadow retirement community reports that about 60 residents are still waiting for transport. Air tankers are grounded by wind. At 21:00 the fire enters the north side of Cedar Hollow; by midnight, early reports suggest dozens of homes are burning.`,
      functionalGroups: ["Unified Command", "Law Enforcement", "Emergency Services (EOC)", "Mass Care and Animal Services", "Communications"],
      injects: [
        "A spot fire closes the Old Mine Road, leaving Hollow Road as the only exit; traffic is stopped with fire approaching.",
        "Pine Shadow's manager reports 60 residents, several on oxygen, with no transport.",
        "The evacuation centre at Valley High School reaches capacity with 900 people; 200 horses and livestock trailers are arriving at the fairgrounds.",
        "Incident command requests a temporary refuge area as a last resort for vehicles trapped on Hollow Road.",
      ],
      questions: {
        mode: "inject-functional",
        groups: [
          {
            name: "Unified Command",
            questions: [
              openEnded(
                "If evacuees are trapped by the fire, where are your pre-identified temporary refuge areas, and how do you tell people to go there without radio or cellular?",
              ),
              multipleChoice("Which resource would you commit first to Pine Shadow's remaining residents?", [
                "Paratransit and ambulance strike team",
                "School buses with deputy escort",
                "Fire engines for shelter-in-place structure defence",
                "Private volunteers with pickup trucks",
              ]),
            ],
          },
          {
            name: "Mass Care and Animal Services",
            questions: [
              openEnded(
                "How will you expand sheltering beyond Valley High School and meet the needs of evacuees on oxygen, with service animals or without medications?",
              ),
            ],
          },
          {
            name: "Communications",
            questions: [
              openEnded(
                "With fibre and cellular degraded, how will the incident command post, the EOC and field units communicate, and what backup alerting remains?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 3: Structure Losses, Repopulation and Post-Fire Risk (Days 3–6)",
      description: `Day 3, 08:00. Winds have eased and the Juniper Ridge Fire is 14,800 acres and 25% contained. Damage inspection teams have confirmed 212 homes destroyed and 67 damaged in Cedar Hollow; Manzanita Springs was largely spared. Four residents are unaccounted for. About 2,100 people are still displaced, 640 in shelters.

Residents want to know if their homes survived. Power lines and poles are down throughout the burn area, ash and debris contain hazardous materials, and the county geologist warns of debris-flow danger on burned slopes above Cedar Hollow once the rainy season begins in about six weeks.`,
      functionalGroups: ["Policy Group", "Damage Assessment", "Public Information", "Health and Human Services", "Recovery Planning"],
      injects: [
        "Families of the four unaccounted-for residents hold a press conference criticising the county's evacuation warnings.",
        "The utility says it needs 10 days to make the burn area safe before any repopulation.",
        "The public health officer warns that household hazardous waste and asbestos in ash make unprotected clean-up dangerous.",
        "A land developer offers to buy destroyed lots for cash at a meeting of displaced residents.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Policy Group",
            questions: [
              openEnded(
                "What criteria must be met before residents can return, and how will you phase repopulation zone by zone?",
              ),
              multipleChoice("How should residents first learn whether their home was destroyed?", [
                "A public damage-inspection map, after families of the missing are notified",
                "Escorted visits to the burn area",
                "Phone calls from the county assessor",
                "Lists posted at the evacuation centre",
              ]),
            ],
          },
          {
            name: "Health and Human Services",
            questions: [
              openEnded(
                "How will you provide behavioural health support, replacement medications and case management for households that lost everything?",
              ),
            ],
          },
          {
            name: "Recovery Planning",
            questions: [
              openEnded(
                "What debris removal programme, post-fire debris-flow warning and long-term housing steps must begin this week?",
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
      time: "13:05",
      category: "Initial report",
      injectMode: "radio",
      synopsis: "Fire reported near a power line on Juniper Ridge under a red flag warning.",
      from: "SimCell (Sierra Alta Emergency Communications)",
      to: "Sierra Alta Fire Protection District duty chief",
      message:
        "Dispatch: vegetation fire reported at Juniper Ridge near the Ridge Line transmission tower, caller reports column of smoke and fire spreading fast. Red flag warning in effect. Engine 41 and Patrol 43 responding.",
      expectedAction:
        "Duty chief upgrades the response to a full wildland assignment, requests aircraft and notifies the Office of Emergency Services.",
      responsibleOrganization: "Sierra Alta Fire Protection District",
      pocAuthor: "Fire Controller",
      comment: "Start of play.",
    },
    {
      event: "2",
      date: "Day 1",
      time: "13:20",
      category: "Fire behaviour",
      injectMode: "radio",
      synopsis: "First size-up: 80 acres, rapid spread, spotting half a mile ahead.",
      from: "SimCell (Battalion Chief, first arriving)",
      to: "Unified Command / EOC",
      message:
        "Juniper Ridge Fire size-up: 80 acres, rapid rate of spread to the south-west, spotting half a mile ahead of the front. Structures threatened in the next 3 hours. Requesting evacuation warnings for Cedar Hollow zones CH-1 and CH-2.",
      expectedAction:
        "Incident command and the Sheriff issue evacuation warnings or orders for CH-1 and CH-2; OES sends alerts.",
      responsibleOrganization: "Sierra Alta Fire Protection District",
      pocAuthor: "Fire Controller",
      comment: "Objective 1 timing starts when an order is issued.",
    },
    {
      event: "3",
      date: "Day 1",
      time: "13:45",
      category: "Infrastructure",
      injectMode: "e-mail",
      synopsis: "Utility announces a public safety power shutoff.",
      from: "SimCell (Summit Valley Power)",
      to: "EOC Director",
      message:
        "Summit Valley Power will de-energise circuits serving the eastern foothills at 14:30 due to extreme wind. Approximately 19,000 customers affected, including water district pump stations 3 and 4.",
      expectedAction:
        "EOC notifies the water district and fire of hydrant pressure impacts, and alerts medical-baseline customers; JIC adds power shutoff to messaging.",
      responsibleOrganization: "Sierra Alta County Office of Emergency Services",
      pocAuthor: "Infrastructure Controller",
      comment: "",
    },
    {
      event: "4",
      date: "Day 1",
      time: "14:10",
      category: "Schools",
      injectMode: "phone",
      synopsis: "Elementary school asks whether to release or hold 410 students.",
      from: "SimCell (Principal, Cedar Hollow Elementary)",
      to: "EOC Schools Liaison",
      message:
        "Parents are arriving to pick up their children and the road is filling up. Do we release to parents, hold everyone here, or bus them out? We have three buses and 410 students.",
      expectedAction:
        "EOC and the school district move students by bus to a reunification site outside the fire area and announce the site to parents.",
      responsibleOrganization: "Sierra Alta Unified School District",
      pocAuthor: "Schools Controller",
      comment: "",
    },
    {
      event: "5",
      date: "Day 1",
      time: "14:30",
      category: "Public information",
      injectMode: "simulated social media",
      synopsis: "Community page claims the fire is under control.",
      from: "SimCell (social media)",
      to: "Joint Information Center",
      message:
        "Cedar Hollow Community Page: 'Talked to a firefighter friend, the fire is miles away and basically under control. No need to panic or clog the roads!' (1,200 reactions)",
      expectedAction:
        "JIC posts an authoritative correction with the current evacuation order, zone map and routes, and asks the page administrator to share it.",
      responsibleOrganization: "Sierra Alta County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "6",
      date: "Day 1",
      time: "15:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "Fire at 2,400 acres; evacuation order for all of Cedar Hollow; gridlock at the Route 41 junction.",
      from: "SimCell (Unified Command Planning Section)",
      to: "All players",
      message:
        "Juniper Ridge Fire: 2,400 acres, 0% containment, moving south-west at 2 mph. Evacuation order: all Cedar Hollow zones. Warning: Manzanita Springs. Traffic stopped on Hollow Road at the Route 41 junction.",
      expectedAction:
        "Law enforcement establishes traffic control and contraflow at the junction; Unified Command requests mutual-aid strike teams.",
      responsibleOrganization: "Sierra Alta County Office of Emergency Services",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 2. Objectives 2 and 3 are evaluated here.",
    },
    {
      event: "7",
      date: "Day 1",
      time: "16:20",
      category: "Evacuation",
      injectMode: "radio",
      synopsis: "Spot fire closes the Old Mine Road.",
      from: "SimCell (Division Supervisor, Cedar Hollow)",
      to: "Unified Command",
      message:
        "Division Z: spot fire has crossed the Old Mine Road at mile 3. Road is closed. Approximately 150 vehicles turned back towards town. Hollow Road is the only exit.",
      expectedAction:
        "Unified Command redirects traffic, considers temporary refuge areas, and assigns engines to protect the Hollow Road corridor.",
      responsibleOrganization: "Sierra Alta Fire Protection District",
      pocAuthor: "Fire Controller",
      comment: "",
    },
    {
      event: "8",
      date: "Day 1",
      time: "17:00",
      category: "Communications",
      injectMode: "phone",
      synopsis: "Telecom provider reports fibre damage and cellular outage in the fire area.",
      from: "SimCell (Foothill Telecom network operations)",
      to: "EOC Communications Unit",
      message:
        "Fire burned our fibre trunk on Route 41. Cell sites in Cedar Hollow and Manzanita Springs are on battery or down. Estimated restoration: unknown.",
      expectedAction:
        "Communications Unit activates the interoperable radio plan, requests a mobile communications unit and sets up alternative alerting (sirens, PA, door-to-door).",
      responsibleOrganization: "Sierra Alta County Office of Emergency Services",
      pocAuthor: "Communications Controller",
      comment: "Objective 5.",
    },
    {
      event: "9",
      date: "Day 1",
      time: "18:15",
      category: "Access and functional needs",
      injectMode: "phone",
      synopsis: "Retirement community reports 60 residents awaiting transport.",
      from: "SimCell (Manager, Pine Shadow retirement community)",
      to: "EOC Operations Section",
      message:
        "We still have about 60 residents here. Some use wheelchairs, eight are on oxygen. The transport company never came. Smoke is getting thick. What do we do?",
      expectedAction:
        "EOC dispatches accessible transport with escort or, if routes are unsafe, coordinates shelter-in-place with engine protection.",
      responsibleOrganization: "Sierra Alta County Human Services Department",
      pocAuthor: "Mass Care Controller",
      comment: "",
    },
    {
      event: "10",
      date: "Day 1",
      time: "20:00",
      category: "Mass care",
      injectMode: "e-mail",
      synopsis: "Evacuation centre full; large animals arriving at fairgrounds.",
      from: "SimCell (Valley High School shelter manager)",
      to: "EOC Mass Care Branch",
      message:
        "Valley High is at capacity with 900 evacuees. We need cots, oxygen concentrators and a pharmacist. Fairgrounds report 200 horses and cattle and more trailers on the way.",
      expectedAction:
        "Mass Care opens a second shelter, requests medical support and coordinates animal services at the fairgrounds.",
      responsibleOrganization: "Sierra Alta County Human Services Department",
      pocAuthor: "Mass Care Controller",
      comment: "Objective 4.",
    },
    {
      event: "11",
      date: "Day 1",
      time: "23:50",
      category: "Situation update",
      injectMode: "radio",
      synopsis: "Fire enters Cedar Hollow; many homes burning.",
      from: "SimCell (Structure Protection Group)",
      to: "Unified Command",
      message:
        "Structure group: fire is in the north side of Cedar Hollow. Multiple homes fully involved on Ridgeview and Pinon Drive. Crews in defensive positions. No reports of trapped civilians yet.",
      expectedAction:
        "Unified Command prioritises life safety, updates the public and prepares for damage inspection at first light.",
      responsibleOrganization: "Sierra Alta Fire Protection District",
      pocAuthor: "Fire Controller",
      comment: "",
    },
    {
      event: "12",
      date: "Day 3",
      time: "08:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "212 homes destroyed, four residents unaccounted for, 2,100 displaced.",
      from: "SimCell (Unified Command Planning Section)",
      to: "All players",
      message:
        "Juniper Ridge Fire 14,800 acres, 25% contained. Damage inspection: 212 homes destroyed, 67 damaged. Four residents unaccounted for. 2,100 displaced, 640 in shelters.",
      expectedAction: "Players set priorities for accountability, repopulation and recovery.",
      responsibleOrganization: "Sierra Alta County Office of Emergency Services",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 3.",
    },
    {
      event: "13",
      date: "Day 3",
      time: "11:00",
      category: "Media",
      injectMode: "video",
      synopsis: "Families of the missing criticise evacuation warnings at a press conference.",
      from: "SimCell (regional news)",
      to: "Joint Information Center",
      message:
        "News clip: 'My father never got an alert. Nobody knocked on his door,' says the daughter of a missing Cedar Hollow resident. Reporters ask when the county will answer for its warnings.",
      expectedAction:
        "JIC coordinates a compassionate, factual statement; the policy group plans family assistance and an after-action review of alerting.",
      responsibleOrganization: "Sierra Alta County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "14",
      date: "Day 4",
      time: "09:00",
      category: "Public health",
      injectMode: "e-mail",
      synopsis: "Public health officer warns about hazardous ash and asbestos.",
      from: "SimCell (County Public Health Officer)",
      to: "Recovery Planning Group",
      message:
        "Ash from burned homes contains asbestos, heavy metals and household chemicals. I am issuing a health order: no unprotected sifting or clean-up until the household hazardous waste sweep is complete.",
      expectedAction:
        "Recovery group incorporates the health order into repopulation phasing and arranges protective equipment and guidance for returning residents.",
      responsibleOrganization: "Sierra Alta County Public Health",
      pocAuthor: "Health Controller",
      comment: "Final inject.",
    },
  ],
} satisfies QuickStartTemplate;
