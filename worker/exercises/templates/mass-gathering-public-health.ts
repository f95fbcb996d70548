import { multipleChoice, openEnded } from "./helpers";
import type { QuickStartTemplate } from "./types";

export const massGatheringPublicHealth = {
  id: "mass-gathering-public-health",
  name: "Lakeshore Youth Games Mass-Gathering Public-Health Emergency Tabletop Exercise",
  framework: "HSEEP",
  threatType: "Infectious disease outbreak and extreme heat during a mass gathering",
  scenario: `The Lakeshore International Youth Games bring 9,500 athletes aged 14 to 18 from 62 countries, 3,000 coaches and officials, and up to 180,000 spectators over ten days in late July to the City of Lakeshore Heights (population 410,000) and surrounding Marrow County. Athletes live in a purpose-built village at Lakeshore State University. Events take place at 14 venues, including an outdoor stadium, a lakefront triathlon course and several school gymnasiums, and the city hosts a nightly fan festival downtown.

On Day 3 of the Games, a 16-year-old athlete from a visiting delegation is taken to Lakeshore Children's Hospital with fever, cough and a rash. On Day 4 the state public health laboratory confirms measles. The athlete had travelled through two international airports, lived in the athletes' village, eaten in its dining hall with thousands of others, competed in a gymnasium in front of 2,000 spectators and attended the opening ceremony at the stadium with 45,000 people.

At the same time, a heat dome settles over the region. From Day 5, daytime highs reach 101°F to 104°F with high humidity and overnight lows near 80°F, and the National Weather Service issues an excessive heat warning. The Games' medical services and local emergency departments begin to see heat illness among spectators, volunteers and athletes. On Day 6, a cluster of gastrointestinal illness appears among volunteers who ate at a contracted staff canteen.

The exercise follows Marrow County Public Health, the City of Lakeshore Heights, the Games Organising Committee, healthcare partners and state and federal agencies through the detection of the measles case, the heat emergency and the food-borne outbreak, to the final days of the Games and the follow-up after delegations return home. It tests the Games' Health and Medical Plan, the county's Communicable Disease Response Plan, the Excessive Heat Annex and the Emergency Operations Plan's Special Events Annex.`,
  threatAnalysis: `Hazard profile. Mass gatherings concentrate large numbers of people from many places in crowded conditions, amplifying the spread of infectious diseases and the impact of environmental hazards. Measles is among the most contagious human diseases: an infected person can infect up to 90% of susceptible close contacts, the virus remains airborne for up to two hours after an infected person leaves a room, and people are contagious four days before the rash appears. Extreme heat is the leading weather-related cause of death in the United States, and outdoor events with long exposure times, limited shade and alcohol consumption increase risk. Food-borne outbreaks are common at events that depend on temporary food operations.

Vulnerabilities. Vaccination records are incomplete for at least 11 delegations, and some come from countries with ongoing measles outbreaks. The athletes' village has shared dormitories and a dining hall serving 7,000 meals per sitting. Many spectators are families with young children, some too young to be vaccinated. Several competition venues are outdoors with limited shade, and the downtown fan festival runs into the evening when overnight temperatures remain high. Marrow County Public Health has 9 communicable-disease staff, already stretched by routine work. The Games' security and medical operations are run by multiple organisations with different command structures and information systems, and athletes, coaches and spectators speak dozens of languages.

Cascading effects. A measles exposure may require identifying tens of thousands of contacts, checking immunity, offering post-exposure vaccination or immune globulin, and quarantining susceptible athletes, which may disqualify teams and create diplomatic tensions. Heat illness can overwhelm on-site medical posts, EMS and emergency departments, compounding the load from the outbreak and the Games' normal injuries. A food-borne outbreak reduces the volunteer workforce just when it is most needed. Media attention is global; rumours, stigma against particular delegations and political pressure to cancel or continue events all complicate decisions. After the Games, cases may appear in dozens of countries, requiring international notification through national health authorities.

Planning assumptions. State and federal public health agencies will support investigation and international notification. Limited quantities of measles vaccine and immune globulin are available locally; more can be obtained within 48 hours. The Organising Committee will make decisions about event schedules in consultation with public health, but has commercial and reputational incentives to avoid cancellations.`,
  capabilitiesAndObjectives: [
    {
      capability: "Public Health, Healthcare, and Emergency Medical Services",
      objective:
        "Within 72 hours of laboratory confirmation of measles, Marrow County Public Health will offer post-exposure prophylaxis to all identified susceptible contacts in the athletes' village in accordance with the Communicable Disease Response Plan.",
    },
    {
      capability: "Situational Assessment",
      objective:
        "Within 12 hours of the confirmation of an outbreak or heat emergency, the Games Health Operations Center will produce a daily health situation report combining syndromic surveillance, medical post data and hospital capacity in accordance with the Games Health and Medical Plan.",
    },
    {
      capability: "Public Information and Warning",
      objective:
        "Within 6 hours of the measles confirmation, the Joint Information Center will issue exposure notifications listing affected venues, dates and times in at least eight languages through Games and county channels in accordance with the Special Events Annex.",
    },
    {
      capability: "Environmental Response/Health and Safety",
      objective:
        "Within 4 hours of the National Weather Service issuing an excessive heat warning, the Games Organising Committee and the City of Lakeshore Heights will implement heat mitigation measures at all outdoor venues, including cooling stations, schedule changes and water distribution, in accordance with the Excessive Heat Annex.",
    },
    {
      capability: "Operational Coordination",
      objective:
        "Within 2 hours of laboratory confirmation of measles, the Games Unified Command will convene public health, the Organising Committee, healthcare and state partners to agree a joint response plan in accordance with the Special Events Annex.",
    },
  ],
  customInstructions:
    "Audience: public health, the Games Organising Committee, venue operators, EMS and hospitals, city emergency management, the athletes' village, food safety inspectors, state and federal health partners, and communications staff. Emphasise joint decision-making between public health and event organisers, multilingual communication, and avoiding stigma against any delegation.",
  modules: [
    {
      title: "Module 1: A Measles Case in the Athletes' Village (Days 3–4)",
      description: `Day 4, 07:30. The state laboratory confirms measles in a 16-year-old athlete who was admitted to Lakeshore Children's Hospital on Day 3. She had a fever for two days before the rash appeared. During her infectious period she lived in Dormitory C (380 athletes), ate in the village dining hall, competed in the Eastside Gymnasium in front of 2,000 spectators on Day 2, and attended the opening ceremony with 45,000 people on Day 1.

The Organising Committee's medical director is asking for guidance before the day's events start at 10:00. Her delegation's team leader says eight of his 40 athletes have no vaccination records. Reporters have learned that an athlete is in isolation at the hospital.`,
      functionalGroups: ["Public Health", "Games Organising Committee", "Athletes' Village", "Healthcare", "Public Information"],
      injects: [
        "The Organising Committee asks whether today's events can go ahead as planned, including two at the Eastside Gymnasium.",
        "Dormitory C's records show that 61 of 380 athletes have no documented measles immunity.",
        "A foreign national health ministry asks for details of its athletes' exposure and threatens to withdraw its team.",
        "Social media posts blame the athlete's country and call for its team to be expelled.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Public Health",
            questions: [
              openEnded(
                "How will you identify, assess and prioritise contacts in the village, at the gymnasium and at the opening ceremony, and what resources do you need?",
              ),
              multipleChoice("What should happen to athletes in Dormitory C without documented immunity?", [
                "Offer vaccination or immune globulin and quarantine those who remain susceptible",
                "Allow them to compete if asymptomatic",
                "Send them home immediately",
                "Test them and let them compete if negative",
              ]),
            ],
          },
          {
            name: "Games Organising Committee",
            questions: [
              openEnded(
                "Who has the authority to postpone events or exclude athletes for public-health reasons, and how do you make those decisions jointly with public health?",
              ),
            ],
          },
          {
            name: "Public Information",
            questions: [
              openEnded(
                "How will you notify exposed spectators you cannot individually identify, protect the athlete's privacy and counter stigma against her delegation?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 2: Heat Emergency and a Second Outbreak (Days 5–7)",
      description: `Day 5, 11:00. An excessive heat warning is in effect for four days, with heat index values up to 112°F. The afternoon athletics session in the outdoor stadium is sold out with 38,000 spectators. By 14:00, Games medical posts have treated 140 heat-related cases and EMS has taken 17 people to hospital, including two with heat stroke.

On Day 6, 46 volunteers report vomiting and diarrhoea after eating at the staff canteen. At the same time, three more measles cases are confirmed: two athletes from Dormitory C and one spectator who attended the gymnasium session. Emergency departments in Lakeshore Heights report waits of six hours.`,
      functionalGroups: ["Games Unified Command", "Public Health", "EMS and Hospitals", "Venue Operations", "Food Safety"],
      injects: [
        "Stadium operations reports that water stations have run out and lines for shade are 40 minutes long.",
        "A 9-year-old spectator collapses from heat stroke in the stadium stands and EMS takes 14 minutes to reach her through the crowd.",
        "Food safety inspectors find improper cooling of cooked chicken at the staff canteen's contractor kitchen.",
        "Lakeshore Children's Hospital reports it has no more negative-pressure rooms for suspected measles patients.",
      ],
      questions: {
        mode: "inject-functional",
        groups: [
          {
            name: "Games Unified Command",
            questions: [
              openEnded(
                "What heat-index thresholds will trigger schedule changes, event postponements or cancellations, and who decides?",
              ),
              multipleChoice("Which measure most reduces heat illness among spectators at the stadium?", [
                "Moving the session to the evening",
                "Distributing free water",
                "Adding misting stations",
                "Broadcasting heat-safety messages",
              ]),
            ],
          },
          {
            name: "EMS and Hospitals",
            questions: [
              openEnded(
                "How will hospitals manage suspected measles cases arriving alongside heat illness, and how will you keep susceptible patients from being exposed in waiting rooms?",
              ),
            ],
          },
          {
            name: "Food Safety",
            questions: [
              openEnded(
                "How will you investigate the canteen outbreak, protect the remaining workforce and replace the food service?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 3: Closing Days and International Follow-Up (Days 9–21)",
      description: `Day 9, 09:00. The heat has broken. Twelve measles cases are now linked to the Games: seven athletes, two coaches, one volunteer and two spectators. Forty-four athletes remain in quarantine. The closing ceremony is scheduled for Day 10 with 50,000 attendees, and delegations begin departing that night on charter and commercial flights.

Public health must decide on restrictions for quarantined athletes who want to travel home, coordinate notifications to dozens of countries through national health authorities, and plan for further cases that may appear up to 21 days after the last exposure. The Organising Committee is preparing its final report, and the city is counting the costs.`,
      functionalGroups: ["Public Health", "Games Organising Committee", "State and Federal Partners", "Public Information", "Recovery and Evaluation"],
      injects: [
        "A delegation asks to fly home its quarantined athletes on a commercial flight on Day 10.",
        "A spectator case is confirmed in a daycare worker from a neighbouring county.",
        "The Organising Committee asks public health to confirm in writing that the closing ceremony is safe.",
        "National media report that the county's contact notification reached only 30% of gymnasium spectators.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Public Health",
            questions: [
              openEnded(
                "What conditions should apply to the closing ceremony and to travel by quarantined athletes, and how will those decisions be enforced?",
              ),
              multipleChoice("Who is responsible for notifying other countries of exposures among their returning citizens?", [
                "The national health authority, through international health regulations channels",
                "Marrow County Public Health, directly",
                "The Games Organising Committee",
                "Each delegation's team doctor",
              ]),
            ],
          },
          {
            name: "State and Federal Partners",
            questions: [
              openEnded("How will surveillance for new cases be maintained for 21 days after delegations leave, and who leads it?"),
            ],
          },
          {
            name: "Recovery and Evaluation",
            questions: [
              openEnded(
                "What lessons from the Games should change the health and medical planning of future mass gatherings in Lakeshore Heights?",
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
      date: "Day 3",
      time: "21:00",
      category: "Disease surveillance",
      injectMode: "phone",
      synopsis: "Children's hospital reports a suspected measles case in an athlete.",
      from: "SimCell (Infection preventionist, Lakeshore Children's Hospital)",
      to: "Marrow County Public Health on-call epidemiologist",
      message:
        "We admitted a 16-year-old athlete from the Games with fever, cough, conjunctivitis and a rash starting on her face. Clinically this looks like measles. She's in a negative-pressure room. Specimens are going to the state lab tonight.",
      expectedAction:
        "Public health starts the investigation, gathers the athlete's itinerary and alerts the Games medical director and the state health department.",
      responsibleOrganization: "Marrow County Public Health",
      pocAuthor: "Public Health Controller",
      comment: "Start of play. Read as background before Module 1.",
    },
    {
      event: "2",
      date: "Day 4",
      time: "07:30",
      category: "Disease surveillance",
      injectMode: "e-mail",
      synopsis: "State lab confirms measles.",
      from: "SimCell (State Public Health Laboratory)",
      to: "Marrow County Public Health",
      message: "Measles RT-PCR POSITIVE for specimen LPH-22871 (16-year-old female, Lakeshore Children's Hospital). Genotyping pending.",
      expectedAction:
        "Public health notifies the Games Unified Command, which convenes partners to agree a joint response plan.",
      responsibleOrganization: "Marrow County Public Health",
      pocAuthor: "Public Health Controller",
      comment: "Objectives 1, 3 and 5 timing starts.",
    },
    {
      event: "3",
      date: "Day 4",
      time: "08:30",
      category: "Coordination",
      injectMode: "in person",
      synopsis: "Organising Committee asks whether today's events can proceed.",
      from: "SimCell (Games Medical Director)",
      to: "Games Unified Command",
      message:
        "The first events start at 10:00, including two sessions at the Eastside Gymnasium. I need to tell the Organising Committee within the hour whether we go ahead as planned.",
      expectedAction:
        "Unified command agrees, with public health, which events proceed and under what measures, and how exposed athletes are handled.",
      responsibleOrganization: "Lakeshore Games Organising Committee",
      pocAuthor: "Exercise Director",
      comment: "",
    },
    {
      event: "4",
      date: "Day 4",
      time: "10:00",
      category: "Disease investigation",
      injectMode: "paper handout",
      synopsis: "Dormitory C immunity records show 61 athletes without documented immunity.",
      from: "SimCell (Athletes' village medical clinic)",
      to: "Public Health",
      message:
        "Dormitory C roster: 380 athletes. 319 with documented two-dose vaccination or immunity. 61 without documentation (from 9 delegations). Roster and contact details attached.",
      expectedAction:
        "Public health arranges vaccination or immune globulin clinics in the village and quarantine for susceptible contacts.",
      responsibleOrganization: "Marrow County Public Health",
      pocAuthor: "Public Health Controller",
      comment: "Hand out the roster summary.",
    },
    {
      event: "5",
      date: "Day 4",
      time: "13:00",
      category: "Public information",
      injectMode: "simulated social media",
      synopsis: "Posts blame the athlete's country and call for its team's expulsion.",
      from: "SimCell (social media)",
      to: "Joint Information Center",
      message:
        "'Why are we letting unvaccinated teams from [country] spread disease to our kids? Kick them out! #LakeshoreGames #Measles' (18,000 shares)",
      expectedAction:
        "JIC issues the exposure notification with venues and times in multiple languages, focusing on actions and avoiding stigma; the Organising Committee supports the delegation.",
      responsibleOrganization: "Lakeshore Heights Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "Objective 3.",
    },
    {
      event: "6",
      date: "Day 5",
      time: "11:00",
      category: "Environmental health",
      injectMode: "e-mail",
      synopsis: "Excessive heat warning issued for four days.",
      from: "SimCell (National Weather Service)",
      to: "Games Unified Command",
      message:
        "Excessive Heat Warning from 12:00 Day 5 until 21:00 Day 8. Heat index values 105–112°F. Overnight lows near 80°F provide little relief.",
      expectedAction:
        "Unified command implements heat measures at outdoor venues: cooling stations, free water, shade, schedule changes and messaging.",
      responsibleOrganization: "City of Lakeshore Heights Office of Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 2. Objective 4 timing starts.",
    },
    {
      event: "7",
      date: "Day 5",
      time: "14:00",
      category: "Emergency medical services",
      injectMode: "radio",
      synopsis: "Heat illness surge at the stadium; water stations empty.",
      from: "SimCell (Stadium medical command)",
      to: "Games Health Operations Center",
      message:
        "Stadium medical: 140 heat cases since 11:00, 17 transported, 2 heat stroke. Water stations on the east concourse are dry and shade lines are 40 minutes long. A child has collapsed in section 214; EMS access is slow through the crowd.",
      expectedAction:
        "Health Operations Center adds medical and water resources, considers pausing or rescheduling the session, and updates the daily situation report.",
      responsibleOrganization: "Lakeshore Heights Fire-EMS",
      pocAuthor: "EMS Controller",
      comment: "Objective 2.",
    },
    {
      event: "8",
      date: "Day 6",
      time: "09:00",
      category: "Food safety",
      injectMode: "phone",
      synopsis: "Cluster of gastrointestinal illness among volunteers.",
      from: "SimCell (Volunteer programme manager)",
      to: "Food Safety",
      message:
        "We have 46 volunteers calling in sick with vomiting and diarrhoea. Most ate at the staff canteen on Day 5. We're going to be short at three venues today.",
      expectedAction:
        "Food safety inspects the canteen and contractor kitchen, collects specimens and food samples, and the Organising Committee arranges replacement food service and staff.",
      responsibleOrganization: "Marrow County Public Health",
      pocAuthor: "Food Safety Controller",
      comment: "",
    },
    {
      event: "9",
      date: "Day 6",
      time: "12:00",
      category: "Disease surveillance",
      injectMode: "e-mail",
      synopsis: "Three more measles cases, including a spectator.",
      from: "SimCell (State health department epidemiologist)",
      to: "Public Health",
      message:
        "Three additional measles cases confirmed: two Dormitory C athletes (both without documented immunity) and one adult spectator who attended the Eastside Gymnasium on Day 2.",
      expectedAction:
        "Public health extends contact tracing to the new cases' exposures, updates public notifications and reviews the quarantine list.",
      responsibleOrganization: "Marrow County Public Health",
      pocAuthor: "Public Health Controller",
      comment: "",
    },
    {
      event: "10",
      date: "Day 6",
      time: "16:00",
      category: "Healthcare",
      injectMode: "phone",
      synopsis: "Children's hospital runs out of negative-pressure rooms.",
      from: "SimCell (Lakeshore Children's Hospital house supervisor)",
      to: "EMS and Hospitals",
      message:
        "All six of our airborne isolation rooms are full. We have two more suspected measles patients in the ED waiting area with other children. We need to divert or find space.",
      expectedAction:
        "Healthcare coalition coordinates distribution of suspected cases, triage at entrances and pre-notification by EMS.",
      responsibleOrganization: "Marrow County Healthcare Coalition",
      pocAuthor: "Health and Medical Controller",
      comment: "",
    },
    {
      event: "11",
      date: "Day 9",
      time: "09:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "Twelve linked measles cases; 44 athletes in quarantine; closing ceremony tomorrow.",
      from: "SimCell (Games Health Operations Center)",
      to: "All players",
      message:
        "12 measles cases linked to the Games (7 athletes, 2 coaches, 1 volunteer, 2 spectators). 44 athletes in quarantine. Heat warning expired. Canteen outbreak: 71 ill, Salmonella confirmed. Closing ceremony Day 10, 19:00, 50,000 expected.",
      expectedAction: "Players plan the closing ceremony, departures and post-Games surveillance.",
      responsibleOrganization: "Marrow County Public Health",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 3.",
    },
    {
      event: "12",
      date: "Day 9",
      time: "13:00",
      category: "Travel",
      injectMode: "e-mail",
      synopsis: "Delegation asks to fly quarantined athletes home commercially.",
      from: "SimCell (Team leader, visiting delegation)",
      to: "Public Health",
      message:
        "Our six quarantined athletes are healthy and their families want them home. We have seats on a commercial flight tomorrow night and ask your permission for them to travel.",
      expectedAction:
        "Public health consults state and federal partners on travel restrictions, options for safe transport, and notification of the destination country.",
      responsibleOrganization: "Marrow County Public Health",
      pocAuthor: "Public Health Controller",
      comment: "",
    },
    {
      event: "13",
      date: "Day 9",
      time: "15:00",
      category: "Coordination",
      injectMode: "e-mail",
      synopsis: "Organising Committee asks for written confirmation that the ceremony is safe.",
      from: "SimCell (Chief Executive, Games Organising Committee)",
      to: "Public Health Officer",
      message:
        "Our insurers and broadcasters need written confirmation from public health that the closing ceremony can proceed safely. Please provide a letter by 18:00.",
      expectedAction:
        "Public health provides a written assessment with recommended measures rather than a guarantee of safety, coordinated with legal counsel.",
      responsibleOrganization: "Lakeshore Games Organising Committee",
      pocAuthor: "Exercise Director",
      comment: "",
    },
    {
      event: "14",
      date: "Day 14",
      time: "10:00",
      category: "Disease surveillance",
      injectMode: "phone",
      synopsis: "Secondary case in a daycare worker in a neighbouring county.",
      from: "SimCell (Neighbouring county health department)",
      to: "Public Health / State and Federal Partners",
      message:
        "We have a confirmed measles case in a daycare worker who attended the Eastside Gymnasium on Day 2 with her family. The daycare has 38 children, 9 of them under one year old.",
      expectedAction:
        "Public health agencies coordinate the cross-jurisdiction response and reinforce post-Games surveillance messaging.",
      responsibleOrganization: "State Department of Health",
      pocAuthor: "Public Health Controller",
      comment: "Final inject.",
    },
  ],
} satisfies QuickStartTemplate;
