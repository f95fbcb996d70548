import { multipleChoice, openEnded } from "./helpers";
import type { QuickStartTemplate } from "./types";

export const hazmatRailDerailment = {
  id: "hazmat-rail-derailment",
  name: "Orrin Falls Hazardous Materials Rail Derailment Tabletop Exercise",
  framework: "HSEEP",
  threatType: "Hazardous materials release from a freight rail derailment",
  scenario: `Orrin Falls (population 14,800) is the county seat of Delaney County (population 61,000), a largely rural county crossed by the main line of the Prairie & Lakes Railway. About 30 freight trains pass through town each day, many carrying hazardous materials between chemical plants on the coast and distribution terminals inland. The line runs within 300 yards of Orrin Falls High School, the Delaney County Nursing Center and the town's water intake on the Little Sable River.

At 06:12 on a cold, still weekday morning in March, a 112-car mixed freight train derails at the Main Street crossing after a wheel bearing failure. Twenty-three cars leave the track. They include two tank cars of chlorine, four of denatured ethanol and one of sodium hydroxide solution. One ethanol car is burning, and within minutes the fire spreads to a second ethanol car. The train crew uncouples the locomotives and reports the derailment to the railway's dispatch centre, which calls 911 at 06:19.

A light wind from the north-west carries smoke and an unknown vapour over the south side of town. Residents report a strong bleach-like smell and difficulty breathing. It is not yet known whether a chlorine car is leaking. Within the hour, school buses are due to begin their morning routes, and the Little Sable River, into which run-off from the site drains, supplies drinking water to Orrin Falls and to the city of Wendell 18 miles downstream.

The exercise follows Delaney County, the Town of Orrin Falls, the Prairie & Lakes Railway and state and federal partners from the first 911 call through protective actions, the chlorine transfer and controlled burn decisions, and the first week of environmental recovery. It tests the county's Emergency Operations Plan, its Hazardous Materials Annex, the Local Emergency Planning Committee's Hazardous Materials Response Plan and the railway's emergency response plan.`,
  threatAnalysis: `Hazard profile. Freight rail carries large quantities of toxic-inhalation-hazard and flammable materials through small communities whose emergency services are volunteer or small career departments. Derailments involving fire can lead to thermal tearing or boiling liquid expanding vapour explosions (BLEVEs) of tank cars exposed to flame. Chlorine, a toxic inhalation hazard, forms a heavier-than-air cloud that travels along low ground, especially in still, cold conditions; a full release from a 90-ton car can produce dangerous concentrations several miles downwind.

Vulnerabilities. The Orrin Falls Volunteer Fire Department has 28 members, a single hazardous materials awareness-level capability and limited foam supplies; the nearest regional hazmat team is 55 minutes away. The county has 2,100 residents within one mile of the derailment site, including a nursing centre with 96 residents, the high school, and a mobile-home park with many Spanish-speaking agricultural workers. Outdoor warning sirens are designed for tornadoes and are not linked to a voice message. The water treatment plant's intake is 1.2 miles downstream and has no early-warning sensor for chemical contamination. The county has one small hospital with four emergency department beds.

Cascading effects. Evacuation or shelter-in-place decisions must be made before the chemical hazard is fully understood. A prolonged fire may force a widening evacuation, and run-off of firefighting water and ethanol can kill fish, contaminate the river and shut down two water systems. Closure of the main line halts freight traffic across the region, and closure of State Highway 12 and local roads isolates parts of the county. Livestock and crops may be exposed. Residents may suffer short- and long-term health effects and anxiety about air, water and soil quality, and distrust may grow if monitoring data are unclear or slow to be released.

Planning assumptions. The railway will provide its hazmat contractors and a representative within 2 to 4 hours. State environmental agency and federal environmental response staff will arrive within 4 to 6 hours. The incident will be managed by a unified command including the fire department, county emergency management, the railway and state agencies.`,
  capabilitiesAndObjectives: [
    {
      capability: "Environmental Response/Health and Safety",
      objective:
        "Within 30 minutes of arrival, the Orrin Falls Fire Department incident commander will identify the materials involved using the train consist and establish hazard control zones and initial isolation distances in accordance with the LEPC Hazardous Materials Response Plan.",
    },
    {
      capability: "Public Information and Warning",
      objective:
        "Within 15 minutes of the incident commander's protective action decision, Delaney County Emergency Management will issue evacuation and shelter-in-place instructions in English and Spanish through the county alert system, wireless emergency alerts and route alerting in accordance with the Hazardous Materials Annex.",
    },
    {
      capability: "Critical Transportation",
      objective:
        "Within 1 hour of the evacuation order, Delaney County Emergency Management will coordinate accessible transport for all 96 residents of the Delaney County Nursing Center and for residents without vehicles in accordance with the Evacuation Annex.",
    },
    {
      capability: "Public Health, Healthcare, and Emergency Medical Services",
      objective:
        "Within 2 hours of the first reports of respiratory symptoms, Delaney County EMS and the Delaney County Health Department will establish patient decontamination, triage and transfer arrangements with regional hospitals in accordance with the Hazardous Materials Annex.",
    },
    {
      capability: "Natural and Cultural Resources",
      objective:
        "Within 24 hours of the derailment, the Unified Command Environmental Unit and the state environmental agency will implement a water and air monitoring plan for the Little Sable River and affected neighbourhoods and publish results in accordance with the Area Contingency Plan.",
    },
  ],
  customInstructions:
    "Audience: fire, EMS, law enforcement, emergency management, the LEPC, the railway, public health, the water utility, the state environmental agency, schools and the nursing centre. Focus on early protective action decisions with incomplete information, coordination with the railway, and trust in environmental data.",
  modules: [
    {
      title: "Module 1: Derailment and Protective Actions (Day 1, 06:12–09:00)",
      description: `Day 1, 06:19. The Prairie & Lakes Railway reports a derailment of about 20 cars at the Main Street crossing in Orrin Falls, with fire. The first fire engine arrives at 06:27 and reports two tank cars burning and a cloud of dark smoke and white vapour drifting south-east at about 4 mph. The temperature is 28°F.

The railway's dispatcher emails the train consist to 911 at 06:35. It shows two chlorine cars, four ethanol cars and one sodium hydroxide car among the derailed cars, but their positions in the wreck are unclear. 911 is receiving calls from the south side of town about a strong chemical smell and people coughing. The first school buses leave the depot at 06:50.`,
      functionalGroups: ["Incident Command (Fire)", "Emergency Management", "Law Enforcement", "EMS and Health", "Schools and Nursing Center"],
      injects: [
        "The train consist lists two chlorine tank cars; the crew cannot say whether either is leaking.",
        "A resident of the mobile-home park calls 911 in Spanish saying her children are coughing and their eyes are burning.",
        "The school superintendent asks whether to cancel classes, since some buses are already on their routes.",
        "The Delaney County Nursing Center administrator says evacuating her 96 residents will take at least three hours with current transport.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Incident Command (Fire)",
            questions: [
              openEnded(
                "Which references and experts will you use in the first 30 minutes to identify hazards and set isolation distances, and when do you withdraw from the burning cars?",
              ),
              multipleChoice("What is the best initial protective action for the nursing centre, 0.3 miles downwind?", [
                "Shelter in place with ventilation shut down",
                "Immediate evacuation",
                "Evacuate ambulatory residents only",
                "Wait for air monitoring results",
              ]),
            ],
          },
          {
            name: "Emergency Management",
            questions: [
              openEnded(
                "How will you alert everyone in the affected area, including Spanish speakers, night-shift sleepers and people who cannot hear sirens?",
              ),
            ],
          },
          {
            name: "Schools and Nursing Center",
            questions: [
              openEnded(
                "What is the plan for buses already on routes through the affected area, and how will parents be told?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 2: Escalation and the Controlled Burn Decision (Day 1, 09:00–Day 2, 18:00)",
      description: `Day 1, 10:30. The regional hazmat team and the railway's contractors are on scene. Air monitoring confirms a slow chlorine leak from a damaged valve on one car, with concentrations above safe levels up to 0.8 miles downwind. The burning ethanol cars are heating a chlorine car next to them; its pressure relief valve has been venting intermittently.

A one-mile evacuation zone is in effect and 1,900 residents are displaced. Fourteen people have been treated for chlorine exposure; three were transferred to a regional hospital. Run-off from firefighting has reached the Little Sable River, and dead fish are seen downstream. On Day 2, the railway's contractors propose venting the damaged chlorine car into a neutralisation system, and later propose a controlled burn of ethanol remaining in two cars.`,
      functionalGroups: ["Unified Command", "Emergency Management", "EMS and Health", "Environmental Unit", "Water Utility"],
      injects: [
        "The water plant operator sees a pH spike at the intake and asks whether to close the intake, leaving about 5 days of treated water in storage.",
        "The railway's contractor proposes a controlled burn of the remaining ethanol, which would take 6 hours and produce a large smoke plume.",
        "A video of a black smoke plume over the town goes viral with claims that the air is \"poison\" for miles.",
        "The downstream city of Wendell asks why it was not told about the river contamination.",
      ],
      questions: {
        mode: "inject-functional",
        groups: [
          {
            name: "Unified Command",
            questions: [
              openEnded(
                "What information do you need to approve or reject the controlled burn, what protective actions would accompany it, and who must agree?",
              ),
              multipleChoice("Who should decide to expand the evacuation zone during the controlled burn?", [
                "The unified command, on the recommendation of the hazmat and environmental units",
                "The railway's contractor",
                "The county board of commissioners",
                "The state environmental agency alone",
              ]),
            ],
          },
          {
            name: "Water Utility",
            questions: [
              openEnded(
                "When do you close the intake, how will you notify the downstream water system, and what is your plan if the closure lasts more than five days?",
              ),
            ],
          },
          {
            name: "EMS and Health",
            questions: [
              openEnded(
                "How will you set up decontamination, track exposed people and advise residents on symptoms to watch for?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 3: Return, Monitoring and Community Trust (Days 4–10)",
      description: `Day 4, 09:00. The fire is out and all hazardous cargo has been removed or neutralised. The railway wants to reopen the main line within 48 hours. The evacuation order remains in place while contractors excavate contaminated soil near the tracks.

Air monitoring shows normal readings in town, but residents report lingering odours, headaches and sick pets. Water testing shows elevated chemical levels in river sediment. The Orrin Falls intake remains closed and bottled water is being distributed. A town hall meeting is scheduled for Day 5, and a national advocacy group has announced it will attend.`,
      functionalGroups: ["Unified Command", "Public Health", "Environmental Unit", "Public Information", "Elected Officials"],
      injects: [
        "Residents demand independent testing of their homes and wells and refuse to accept railway-funded results.",
        "The railway offers $1,000 cash to each displaced household if they sign a release form.",
        "Farmers ask whether crops and livestock in the plume area can go to market.",
        "A physician at the county hospital reports a cluster of patients with rashes and breathing problems since the evacuation ended.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Public Health",
            questions: [
              openEnded(
                "How will you design and communicate a health monitoring programme that residents trust, and what is the role of the health department versus the railway?",
              ),
            ],
          },
          {
            name: "Elected Officials",
            questions: [
              openEnded(
                "What should the town hall meeting cover, who should present, and how will you respond to the railway's cash offer with release forms?",
              ),
              multipleChoice("What most increases trust in environmental sampling results?", [
                "Independent, publicly posted data with plain-language explanations",
                "Results released by the railway's contractor",
                "Summary statements that the air is safe",
                "Releasing data only after the investigation ends",
              ]),
            ],
          },
          {
            name: "Environmental Unit",
            questions: [
              openEnded("What criteria determine when residents can return, the water intake reopens and farm products can be sold?"),
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
      time: "06:19",
      category: "Initial report",
      injectMode: "phone",
      synopsis: "Railway dispatcher reports a derailment with fire in Orrin Falls.",
      from: "SimCell (Prairie & Lakes Railway dispatch centre)",
      to: "Delaney County 911",
      message:
        "This is Prairie & Lakes dispatch. Our train PLX-418 has derailed approximately 20 cars at the Main Street crossing in Orrin Falls with fire. Crew is safe and the locomotives are uncoupled. Hazmat cars are in the train. We'll send the consist.",
      expectedAction:
        "911 dispatches fire, EMS and law enforcement, notifies emergency management and requests the consist immediately.",
      responsibleOrganization: "Delaney County Emergency Communications",
      pocAuthor: "Lead Controller",
      comment: "Start of play.",
    },
    {
      event: "2",
      date: "Day 1",
      time: "06:27",
      category: "Hazardous materials",
      injectMode: "radio",
      synopsis: "First engine reports two burning tank cars and a vapour cloud drifting south-east.",
      from: "SimCell (Orrin Falls Engine 1 officer)",
      to: "Delaney County 911 / Incident Command",
      message:
        "Engine 1 on scene: multiple cars derailed, two tank cars well involved, heavy smoke and a white vapour cloud moving south-east at low level. Establishing command at Main and 4th, uphill and upwind. Request regional hazmat team.",
      expectedAction:
        "Incident commander establishes command upwind, sets initial isolation distances and requests the regional hazmat team.",
      responsibleOrganization: "Orrin Falls Volunteer Fire Department",
      pocAuthor: "Fire Controller",
      comment: "Objective 1 timing starts.",
    },
    {
      event: "3",
      date: "Day 1",
      time: "06:35",
      category: "Hazardous materials",
      injectMode: "e-mail",
      synopsis: "Train consist received: chlorine, ethanol and sodium hydroxide cars.",
      from: "SimCell (Prairie & Lakes Railway dispatch centre)",
      to: "Incident Command",
      message:
        "Consist PLX-418 attached. Derailed positions 41–63 include: UN1017 Chlorine (2 cars, positions 48 and 49), UN1987 Ethanol denatured (4 cars, positions 44–47), UN1824 Sodium hydroxide solution (1 car, position 52).",
      expectedAction:
        "Incident command identifies toxic-inhalation hazard, expands isolation and protective-action distances, and makes a protective action decision.",
      responsibleOrganization: "Prairie & Lakes Railway",
      pocAuthor: "Fire Controller",
      comment: "Hand out the printed consist.",
    },
    {
      event: "4",
      date: "Day 1",
      time: "06:41",
      category: "Public health",
      injectMode: "phone",
      synopsis: "Spanish-speaking caller reports children with respiratory symptoms.",
      from: "SimCell (Resident, Sable Meadows mobile-home park)",
      to: "Delaney County 911",
      message:
        "(In Spanish) My children are coughing and crying, their eyes are burning, there is a smell like bleach everywhere. What do we do? Should we leave?",
      expectedAction:
        "911 uses interpretation to give shelter-in-place or evacuation instructions; EMS responds; alerts are issued in Spanish.",
      responsibleOrganization: "Delaney County Emergency Communications",
      pocAuthor: "EMS Controller",
      comment: "Objectives 2 and 4.",
    },
    {
      event: "5",
      date: "Day 1",
      time: "06:50",
      category: "Schools",
      injectMode: "phone",
      synopsis: "Superintendent asks about buses already on routes.",
      from: "SimCell (Orrin Falls School District superintendent)",
      to: "Emergency Management",
      message:
        "Four buses just left the depot and two routes go along Highway 12 south of the tracks. Do I cancel school, turn the buses around or keep them going?",
      expectedAction:
        "Emergency management and incident command redirect buses away from the plume, cancel classes and notify parents.",
      responsibleOrganization: "Orrin Falls School District",
      pocAuthor: "Schools Controller",
      comment: "",
    },
    {
      event: "6",
      date: "Day 1",
      time: "07:15",
      category: "Evacuation",
      injectMode: "phone",
      synopsis: "Nursing centre needs three hours and more transport to evacuate.",
      from: "SimCell (Administrator, Delaney County Nursing Center)",
      to: "Emergency Management",
      message:
        "We have 96 residents, 30 of them in wheelchairs and 12 bedbound. With our two vans it will take at least three hours. We've shut the air handlers. What do you want us to do?",
      expectedAction:
        "Emergency management confirms shelter-in-place as the immediate action, and arranges accessible buses and ambulances for an evacuation if the situation worsens.",
      responsibleOrganization: "Delaney County Emergency Management",
      pocAuthor: "Mass Care Controller",
      comment: "Objective 3.",
    },
    {
      event: "7",
      date: "Day 1",
      time: "10:30",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "Chlorine leak confirmed; one-mile evacuation; 14 exposure patients.",
      from: "SimCell (Unified Command Planning Section)",
      to: "All players",
      message:
        "Air monitoring: chlorine above action levels up to 0.8 miles downwind. Leak from valve on car 48. Car 49 being heated by ethanol fire. One-mile evacuation in effect; 1,900 displaced. 14 treated for exposure, 3 transferred.",
      expectedAction: "Unified command refines protective actions and prepares options for the damaged chlorine car.",
      responsibleOrganization: "Delaney County Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 2.",
    },
    {
      event: "8",
      date: "Day 1",
      time: "13:00",
      category: "Infrastructure",
      injectMode: "phone",
      synopsis: "Water plant detects a pH spike at the river intake.",
      from: "SimCell (Orrin Falls water plant operator)",
      to: "Unified Command Environmental Unit",
      message:
        "Intake pH just jumped from 7.4 to 9.1 and we're seeing dead fish at the screens. I can close the intake now; we have about 5 days of treated water if people conserve.",
      expectedAction:
        "Environmental unit supports closing the intake, notifies the downstream Wendell system and the state, and begins conservation messaging.",
      responsibleOrganization: "Town of Orrin Falls Water Utility",
      pocAuthor: "Environmental Controller",
      comment: "Objective 5.",
    },
    {
      event: "9",
      date: "Day 1",
      time: "16:00",
      category: "Coordination",
      injectMode: "e-mail",
      synopsis: "Downstream city complains it was not notified.",
      from: "SimCell (City of Wendell utilities director)",
      to: "Unified Command",
      message:
        "We learned from a news report that chemicals are in the Little Sable. Our intake is 18 miles downstream. Why were we not notified, and what are the concentrations?",
      expectedAction:
        "Unified command shares monitoring data, establishes a notification protocol for downstream users, and invites Wendell to a coordination call.",
      responsibleOrganization: "Delaney County Emergency Management",
      pocAuthor: "Environmental Controller",
      comment: "",
    },
    {
      event: "10",
      date: "Day 2",
      time: "09:00",
      category: "Hazardous materials",
      injectMode: "in person",
      synopsis: "Railway contractor proposes a controlled burn of remaining ethanol.",
      from: "SimCell (Railway hazmat contractor lead)",
      to: "Unified Command",
      message:
        "We've transferred the leaking chlorine car. Two ethanol cars are too damaged to offload safely. We recommend a controlled burn starting at 13:00, about six hours. Expect a large smoke plume.",
      expectedAction:
        "Unified command reviews the proposal with the state and federal environmental responders, decides, and sets protective actions and public messaging.",
      responsibleOrganization: "Prairie & Lakes Railway",
      pocAuthor: "Fire Controller",
      comment: "Key decision point.",
    },
    {
      event: "11",
      date: "Day 2",
      time: "15:00",
      category: "Public information",
      injectMode: "simulated social media",
      synopsis: "Viral video claims the smoke plume is poisoning the region.",
      from: "SimCell (social media)",
      to: "Joint Information Center",
      message:
        "@PrairieTruth: 'They're BURNING chlorine in Orrin Falls, the whole county is breathing poison and they won't tell you.' [video of black plume] (230,000 views)",
      expectedAction:
        "JIC publishes plain-language explanations and air monitoring results and schedules a public briefing.",
      responsibleOrganization: "Delaney County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "12",
      date: "Day 4",
      time: "09:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "Fire out; railway seeks to reopen; residents report symptoms.",
      from: "SimCell (Unified Command Planning Section)",
      to: "All players",
      message:
        "Fire extinguished, all hazardous cargo removed. Soil excavation under way. Air readings normal in town. Water intake closed; bottled water distribution continuing. Railway requests main line reopening by Day 6. Town hall on Day 5.",
      expectedAction: "Players plan re-entry, health monitoring and the town hall meeting.",
      responsibleOrganization: "Delaney County Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 3.",
    },
    {
      event: "13",
      date: "Day 4",
      time: "14:00",
      category: "Recovery",
      injectMode: "paper handout",
      synopsis: "Railway offers cash to displaced households in exchange for signed releases.",
      from: "SimCell (Flyer distributed at the shelter)",
      to: "Elected Officials",
      message:
        "Prairie & Lakes Railway Community Assistance: receive $1,000 per household today. Sign the attached form at the assistance table in the lobby. (Form includes a release of claims.)",
      expectedAction:
        "Officials seek legal advice, inform residents of their rights and press the railway to separate assistance from releases.",
      responsibleOrganization: "Delaney County Board of Commissioners",
      pocAuthor: "Exercise Director",
      comment: "",
    },
    {
      event: "14",
      date: "Day 5",
      time: "10:00",
      category: "Public health",
      injectMode: "phone",
      synopsis: "Physician reports a cluster of rashes and breathing problems.",
      from: "SimCell (Emergency physician, Delaney County Hospital)",
      to: "Delaney County Health Department",
      message:
        "Since the evacuation lifted we've seen 22 patients from the south side with rashes, headaches and breathing complaints. I want to know what they were exposed to and what to test for.",
      expectedAction:
        "Health department opens a health investigation and registry, coordinates with the state toxicologist, and shares guidance with clinicians.",
      responsibleOrganization: "Delaney County Health Department",
      pocAuthor: "Health Controller",
      comment: "Final inject.",
    },
  ],
} satisfies QuickStartTemplate;
