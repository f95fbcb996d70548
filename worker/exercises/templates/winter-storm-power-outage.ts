import { multipleChoice, openEnded } from "./helpers";
import type { QuickStartTemplate } from "./types";

export const winterStormPowerOutage = {
  id: "winter-storm-power-outage",
  name: "Winter Storm Ingrid and Extended Power Outage Tabletop Exercise",
  framework: "HSEEP",
  threatType: "Ice storm and extreme cold with a multi-day regional power outage",
  scenario: `In mid-January, forecasters warn of a major winter storm, named Ingrid by local media, moving into the region from the south-west. A shallow layer of arctic air at ground level beneath warmer air aloft sets the stage for a prolonged freezing-rain event across Northmark County (population 230,000), which includes the city of Thornbury, several small towns and a large rural area of farms and forest served by the Ridgeline Electric Cooperative and the investor-owned Thornbury Power & Light.

Freezing rain begins late on Day 1 and continues for 30 hours. Ice accumulations reach 0.75 to 1.25 inches, bringing down trees, distribution lines and 14 transmission towers. By the morning of Day 3, 81% of the county's 104,000 electricity customers are without power. Behind the storm, an arctic air mass drives overnight temperatures to −12°F with wind chills near −30°F for the following five days.

Utilities estimate that restoration will take 7 to 14 days for most customers and up to three weeks in remote areas. Without power, many homes lose heat and water from private wells. Roads are blocked by fallen trees and lines. Cellular service degrades as tower batteries and generators run out of fuel. Hospitals, nursing homes, water and wastewater plants, and warming centres depend on generators and deliveries of diesel and propane across icy roads.

The exercise follows Northmark County, the City of Thornbury, the utilities and partner agencies from the storm forecast through the ice storm and the first week of a prolonged outage in extreme cold. It tests the county's Emergency Operations Plan, its Severe Winter Weather Annex, the Mass Care and Sheltering Annex, and the Energy and Utilities Annex.`,
  threatAnalysis: `Hazard profile. Ice storms are among the most damaging winter hazards because ice accumulation above half an inch brings down trees and power lines over wide areas, and repair crews cannot work safely until the ice stops. When an outage is followed by extreme cold, the event becomes a life-safety emergency: homes lose heat within hours, pipes freeze, and people turn to unsafe heating methods. Long-duration outages stress every other lifeline, from water and communications to fuel and healthcare.

Vulnerabilities. About 38% of Northmark's homes rely on electric heat or on furnaces that need electricity to run; 29% of rural households rely on private wells with electric pumps. The county has 6,200 residents over 75 living alone, 1,400 people registered as using home oxygen or other powered medical equipment, and three dialysis centres. Many rural roads are lined with trees that have not been trimmed for years. Only two of the county's designated warming centres have permanently installed generators. Diesel and propane deliveries rely on a small number of regional distributors with limited drivers. Cellular towers have 4 to 8 hours of battery backup, and only some have generators.

Cascading effects. Carbon monoxide poisonings spike as residents use generators, grills and ovens indoors. Frozen and burst pipes damage homes, schools and businesses, and loss of water pressure affects firefighting. Nursing homes and group homes face evacuation if generators fail. Dialysis patients miss treatments. Livestock deaths and spoiled milk hurt farm income. Fuel shortages stop generators at critical facilities, and cellular outages prevent 911 calls and restoration updates. Long outages erode public confidence in utilities and government, and frustration grows with every missed restoration estimate.

Planning assumptions. Mutual-aid line crews from other utilities will arrive in numbers from Day 3 but cannot begin work until the ice stops and roads are open. The state will provide generators and fuel via its emergency management agency, but demand will exceed supply. Schools and many businesses will be closed for at least a week.`,
  capabilitiesAndObjectives: [
    {
      capability: "Infrastructure Systems",
      objective:
        "Within 12 hours of the end of freezing rain, the Northmark County EOC Energy and Utilities Branch will agree a restoration priority list for critical facilities with Thornbury Power & Light and Ridgeline Electric Cooperative in accordance with the Energy and Utilities Annex.",
    },
    {
      capability: "Mass Care Services",
      objective:
        "Within 6 hours of the outage exceeding 50% of customers with overnight temperatures below 10°F, the Northmark County Department of Human Services will open warming centres and at least one overnight shelter with accessible facilities in each of the county's four districts in accordance with the Mass Care and Sheltering Annex.",
    },
    {
      capability: "Public Health, Healthcare, and Emergency Medical Services",
      objective:
        "Within 24 hours of the start of the outage, the Northmark County Health Department will contact all registered residents who depend on powered medical equipment and arrange alternatives for those at risk in accordance with the Access and Functional Needs Annex.",
    },
    {
      capability: "Logistics and Supply Chain Management",
      objective:
        "Within 12 hours of a critical facility reporting less than 24 hours of generator fuel, the EOC Logistics Section will arrange a fuel delivery in accordance with the Emergency Fuel Plan.",
    },
    {
      capability: "Public Information and Warning",
      objective:
        "Within 2 hours of the National Weather Service issuing an ice storm warning, the Joint Information Center will issue preparedness messages on power outages, safe heating and carbon monoxide through radio, social media and text alerts in accordance with the Severe Winter Weather Annex.",
    },
  ],
  customInstructions:
    "Audience: county and city emergency management, electric utilities, public works, human services, the health department, hospitals and long-term care, fire and EMS, schools and volunteer organisations. Emphasise the long duration of the event, older adults and people on powered medical equipment, fuel logistics and communication when phones fail.",
  modules: [
    {
      title: "Module 1: Forecast and Freezing Rain (Days 1–2)",
      description: `Day 1, 10:00. The National Weather Service issues an ice storm warning for Northmark County, forecasting 0.75 to 1.25 inches of ice from late on Day 1 through the evening of Day 2, followed by dangerously cold temperatures. Both utilities have put their crews on alert and requested mutual aid.

By 22:00 on Day 1 freezing rain is falling. By the morning of Day 2 branches and lines are coming down across the county. The number of customers without power climbs from 8,000 at midnight to 52,000 at 09:00. Roads are treacherous, and the county sheriff reports dozens of collisions.`,
      functionalGroups: ["Emergency Management", "Utilities", "Public Works", "Human Services", "Public Information"],
      injects: [
        "Thornbury Power & Light says it will not give restoration estimates until the ice stops and it can assess damage.",
        "A dialysis centre asks whether it should cancel tomorrow's sessions for 160 patients.",
        "Public works reports that plough and salt crews cannot keep up and that 40 roads are blocked by trees and lines.",
        "The county's text alert system has only 11% of residents signed up.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Emergency Management",
            questions: [
              openEnded(
                "At what point do you activate the EOC fully and declare a local emergency, and what actions must happen before the freezing rain starts?",
              ),
              multipleChoice("Which preparedness message is the most important before the ice arrives?", [
                "How to use generators and heaters safely to avoid carbon monoxide poisoning",
                "Stock up on food and water for three days",
                "Report outages to your utility",
                "Avoid travel",
              ]),
            ],
          },
          {
            name: "Utilities",
            questions: [
              openEnded(
                "How will you share outage and restoration information with the EOC, and what is the process for prioritising critical facilities?",
              ),
            ],
          },
          {
            name: "Human Services",
            questions: [
              openEnded(
                "How will you identify and reach residents who depend on electricity for medical devices, and how will you prioritise wellness checks?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 2: Outage in Extreme Cold (Days 3–5)",
      description: `Day 3, 07:00. The freezing rain ended at 21:00 on Day 2. 84,000 customers (81%) are without power. The temperature is −12°F and will stay below zero overnight for five days. Utilities estimate 7 to 14 days for most customers and up to three weeks in remote areas; 14 transmission towers must be rebuilt.

Overnight, EMS responded to 19 carbon monoxide calls, including two deaths. Four warming centres are open but two lack generators. Maple Ridge Care Center's generator is failing, and fuel distributors report they cannot meet demand. Cell service is down in the northern third of the county.`,
      functionalGroups: ["Emergency Management", "Utilities", "Human Services and Sheltering", "Health and Medical", "Logistics"],
      injects: [
        "Maple Ridge Care Center (72 residents) reports that its generator is failing and the building is at 58°F and falling.",
        "A propane distributor says it can deliver to only half of the critical facilities on the county's list today.",
        "A volunteer fire chief in the north reports that residents cannot call 911 because cell towers are down.",
        "The overnight shelter at Thornbury High School is at capacity, and residents are arriving with dogs and cats.",
      ],
      questions: {
        mode: "inject-functional",
        groups: [
          {
            name: "Health and Medical",
            questions: [
              openEnded(
                "What are your triggers to evacuate a nursing home versus repairing or replacing its generator, and where would residents go?",
              ),
              openEnded("How will you reduce carbon monoxide poisonings, and how will you check on people who cannot call for help?"),
            ],
          },
          {
            name: "Logistics",
            questions: [
              multipleChoice("How should scarce fuel be prioritised between critical facilities?", [
                "By a pre-agreed life-safety priority list in the Emergency Fuel Plan",
                "First come, first served",
                "By the size of each facility",
                "Leave prioritisation to the fuel distributor",
              ]),
            ],
          },
          {
            name: "Human Services and Sheltering",
            questions: [
              openEnded(
                "How will you expand sheltering, accommodate pets, and transport residents who are stranded without heat?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 3: The Long Middle of the Outage (Days 7–10)",
      description: `Day 7, 09:00. Power has been restored to 58% of customers, mostly in Thornbury. Rural areas remain dark and utilities have missed two earlier estimates. The temperature has risen to 18°F, and frozen pipes are now thawing and bursting in homes, schools and businesses.

Eight deaths are attributed to the storm: four from carbon monoxide, two from hypothermia and two from falls. About 1,100 people remain in shelters. Dairy farmers have dumped milk for five days. Residents are angry, and a county commissioner calls publicly for the utilities' executives to resign.`,
      functionalGroups: ["Executive Policy Group", "Utilities", "Human Services", "Public Information", "Recovery Planning"],
      injects: [
        "Ridgeline Electric Cooperative revises its estimate for remote areas to Day 21.",
        "Burst pipes flood two schools and the county's main social-services office.",
        "A community group organises a convoy of generators to remote homes without any safety guidance.",
        "The state says a federal emergency declaration may be possible if the county documents its costs.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Executive Policy Group",
            questions: [
              openEnded(
                "How will you sustain sheltering, staffing and public patience for another two weeks in the remote areas?",
              ),
              multipleChoice("What should the county do with the utilities' revised restoration estimates?", [
                "Publish them jointly, with the basis for the estimate and regular updates",
                "Withhold them until more certain",
                "Publish the county's own estimates",
                "Leave communication of estimates entirely to the utilities",
              ]),
            ],
          },
          {
            name: "Public Information",
            questions: [
              openEnded(
                "How will you reach households in areas without power, internet or mobile service, and how will you handle public anger at the utilities?",
              ),
            ],
          },
          {
            name: "Recovery Planning",
            questions: [
              openEnded(
                "What cost documentation and damage information must you collect now to support a declaration request, and who is responsible?",
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
      time: "10:00",
      category: "Weather forecast",
      injectMode: "e-mail",
      synopsis: "NWS issues an ice storm warning followed by dangerous cold.",
      from: "SimCell (National Weather Service Thornbury office)",
      to: "Emergency Management",
      message:
        "Ice Storm Warning from 20:00 Day 1 through 21:00 Day 2. Total ice accumulation 0.75 to 1.25 inches. Widespread, long-lasting power outages and extensive tree damage expected. Arctic air follows, with lows near −12°F.",
      expectedAction:
        "Emergency management activates the EOC, convenes utilities and partners, and the JIC issues preparedness messages.",
      responsibleOrganization: "Northmark County Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Start of play. Objective 5 timing starts.",
    },
    {
      event: "2",
      date: "Day 1",
      time: "14:00",
      category: "Healthcare",
      injectMode: "phone",
      synopsis: "Dialysis centre asks whether to cancel sessions.",
      from: "SimCell (Clinical manager, Thornbury Dialysis)",
      to: "Health and Medical Branch",
      message:
        "We have 160 patients scheduled tomorrow. We can run early sessions tonight for some, but not all. If we lose power tomorrow we can't treat anyone. What's the county's guidance?",
      expectedAction:
        "Health and Medical coordinates with dialysis providers on early sessions and transport, and shares generator status.",
      responsibleOrganization: "Northmark County Health Department",
      pocAuthor: "Health Controller",
      comment: "",
    },
    {
      event: "3",
      date: "Day 2",
      time: "09:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "52,000 customers without power as freezing rain continues.",
      from: "SimCell (EOC Planning Section)",
      to: "All players",
      message:
        "Outages: Thornbury Power & Light 31,000, Ridgeline Electric 21,000 (52,000 total). 40 roads blocked. Freezing rain to continue until about 21:00. Sheriff reports 63 collisions since midnight.",
      expectedAction:
        "EOC opens warming centres, begins checks on medically dependent residents, and coordinates road clearance with utilities.",
      responsibleOrganization: "Northmark County Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "",
    },
    {
      event: "4",
      date: "Day 2",
      time: "12:00",
      category: "Public information",
      injectMode: "simulated social media",
      synopsis: "Residents ask online when power will be back; utility gives no estimate.",
      from: "SimCell (social media)",
      to: "Joint Information Center",
      message:
        "@ThornburyMom3: 'No power since 2am, house at 55 and dropping, baby at home. @ThornburyPL when will it be back??? Is there anywhere warm to go?' (hundreds of similar replies)",
      expectedAction:
        "JIC publishes warming centre locations, safe-heating guidance and a joint utility update, including what is and is not known.",
      responsibleOrganization: "Northmark County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "5",
      date: "Day 3",
      time: "07:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "81% without power, −12°F, two carbon monoxide deaths overnight.",
      from: "SimCell (EOC Planning Section)",
      to: "All players",
      message:
        "84,000 customers (81%) without power. −12°F. 14 transmission towers down. EMS: 19 carbon monoxide calls overnight, 2 deaths. Cell service down in the north. Estimated restoration 7–14 days; remote areas up to 3 weeks.",
      expectedAction:
        "EOC agrees critical-facility restoration priorities with utilities, expands sheltering and launches carbon monoxide prevention messaging.",
      responsibleOrganization: "Northmark County Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 2. Objectives 1 and 2.",
    },
    {
      event: "6",
      date: "Day 3",
      time: "09:30",
      category: "Healthcare",
      injectMode: "phone",
      synopsis: "Care centre generator failing; building cooling.",
      from: "SimCell (Administrator, Maple Ridge Care Center)",
      to: "Health and Medical Branch",
      message:
        "Our generator keeps shutting down; the technician says it's a fuel problem and he can't fix it today. It's 58 degrees inside and dropping. I have 72 residents, 20 on oxygen.",
      expectedAction:
        "Health and Medical obtains a replacement generator or arranges evacuation to other facilities with transport, and notifies the state licensing agency.",
      responsibleOrganization: "Northmark County Health Department",
      pocAuthor: "Health Controller",
      comment: "",
    },
    {
      event: "7",
      date: "Day 3",
      time: "11:00",
      category: "Logistics",
      injectMode: "e-mail",
      synopsis: "Propane distributor cannot supply all critical facilities.",
      from: "SimCell (Northmark Propane & Fuel dispatch)",
      to: "EOC Logistics Section",
      message:
        "We have three drivers and icy roads. We can reach about half of the facilities on your critical list today. Tell us which ones come first. Two warming centres are under 24 hours of fuel.",
      expectedAction:
        "Logistics applies the Emergency Fuel Plan priorities, requests state fuel support and arranges deliveries within 12 hours.",
      responsibleOrganization: "Northmark County Emergency Management",
      pocAuthor: "Logistics Controller",
      comment: "Objective 4.",
    },
    {
      event: "8",
      date: "Day 3",
      time: "15:00",
      category: "Operational communications",
      injectMode: "radio",
      synopsis: "Residents in the north cannot reach 911.",
      from: "SimCell (Chief, Pike Hollow Volunteer Fire Department)",
      to: "Emergency Management",
      message:
        "Cell towers up here are dead. People are driving to the firehouse to report emergencies. We've opened it as a warming spot but we need a way to get calls out and fuel for our generator.",
      expectedAction:
        "EOC establishes fire stations as community reporting points with radio, requests cell-on-wheels and generator fuel for towers, and publicises the arrangement.",
      responsibleOrganization: "Northmark County Emergency Management",
      pocAuthor: "Communications Controller",
      comment: "",
    },
    {
      event: "9",
      date: "Day 4",
      time: "20:00",
      category: "Mass care",
      injectMode: "phone",
      synopsis: "Shelter at capacity with arriving pets.",
      from: "SimCell (Shelter manager, Thornbury High School)",
      to: "Human Services and Sheltering",
      message:
        "We're at 400, our capacity. More people are coming, many with dogs and cats, and the bus from the north is bringing 35 more tonight. Where do we send them?",
      expectedAction:
        "Human Services opens another shelter with pet accommodation and coordinates transport and staffing.",
      responsibleOrganization: "Northmark County Department of Human Services",
      pocAuthor: "Mass Care Controller",
      comment: "",
    },
    {
      event: "10",
      date: "Day 5",
      time: "10:00",
      category: "Healthcare",
      injectMode: "e-mail",
      synopsis: "Health department reports status of medically dependent residents.",
      from: "SimCell (Health department nurse supervisor)",
      to: "Health and Medical Branch",
      message:
        "We've reached 1,100 of 1,400 registered residents using powered medical equipment. 300 remain unreachable; many live in the north where phones are down. We need teams for door-to-door checks.",
      expectedAction:
        "EOC assigns fire, law enforcement and volunteer teams to wellness checks and tracks results.",
      responsibleOrganization: "Northmark County Health Department",
      pocAuthor: "Health Controller",
      comment: "Objective 3 (evaluate whether the 24-hour target was met).",
    },
    {
      event: "11",
      date: "Day 7",
      time: "09:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "58% restored; eight storm deaths; burst pipes as temperatures rise.",
      from: "SimCell (EOC Planning Section)",
      to: "All players",
      message:
        "Power restored to 58% of customers. Remote areas still dark. 8 storm-related deaths. 1,100 people in shelters. Thawing has caused burst pipes at two schools and the Human Services building.",
      expectedAction: "Players plan for the sustained outage and the start of recovery.",
      responsibleOrganization: "Northmark County Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 3.",
    },
    {
      event: "12",
      date: "Day 7",
      time: "13:00",
      category: "Infrastructure",
      injectMode: "e-mail",
      synopsis: "Cooperative revises remote-area estimate to Day 21.",
      from: "SimCell (Ridgeline Electric Cooperative CEO)",
      to: "Executive Policy Group",
      message:
        "We must rebuild 14 transmission towers before we can re-energise the north. Our revised estimate for the last remote customers is Day 21. We will publish this at 16:00.",
      expectedAction:
        "Policy group coordinates a joint announcement, plans extended sheltering and support for remote residents.",
      responsibleOrganization: "Ridgeline Electric Cooperative",
      pocAuthor: "Utilities Controller",
      comment: "",
    },
    {
      event: "13",
      date: "Day 8",
      time: "10:00",
      category: "Public safety",
      injectMode: "simulated social media",
      synopsis: "Community group organises a generator convoy without safety guidance.",
      from: "SimCell (social media)",
      to: "Joint Information Center",
      message:
        "North Northmark Neighbors: 'We've got 60 donated generators! Convoy leaves Saturday 8am to drop them at homes. Bring extension cords.' (700 shares)",
      expectedAction:
        "JIC and fire engage the organisers to add safety briefings, CO alarms and safe placement; the EOC coordinates the effort.",
      responsibleOrganization: "Northmark County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "14",
      date: "Day 9",
      time: "09:00",
      category: "Recovery",
      injectMode: "phone",
      synopsis: "State advises on documentation for a possible declaration.",
      from: "SimCell (State Emergency Management recovery officer)",
      to: "Recovery Planning",
      message:
        "A federal emergency declaration may be possible. We need your costs for protective measures, sheltering, overtime and debris, with documentation, by Day 12.",
      expectedAction:
        "Recovery planning assigns finance and damage-assessment staff to compile documented costs.",
      responsibleOrganization: "Northmark County Emergency Management",
      pocAuthor: "Recovery Controller",
      comment: "Final inject.",
    },
  ],
} satisfies QuickStartTemplate;
