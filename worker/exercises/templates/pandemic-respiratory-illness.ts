import { multipleChoice, openEnded } from "./helpers";
import type { QuickStartTemplate } from "./types";

export const pandemicRespiratoryIllness = {
  id: "pandemic-respiratory-illness",
  name: "Novel Respiratory Virus Pandemic Tabletop Exercise",
  framework: "HSEEP",
  threatType: "Pandemic novel respiratory virus",
  scenario: `In early January, international health authorities report clusters of severe pneumonia caused by a novel respiratory virus, designated NRV-27, in several countries. The virus spreads efficiently from person to person, including before symptoms appear. Early estimates suggest a case fatality rate of 0.8% to 1.5%, much higher among adults over 65 and people with chronic conditions, and a hospitalisation rate of about 6%. No vaccine or specific antiviral treatment is available, though candidate vaccines are expected in six to nine months.

Clearwell County (population 720,000), which includes the City of Brannock, a major university, an international airport and a large meat-processing industry, confirms its first NRV-27 case on Day 1: a returning traveller who attended a conference and then worked two shifts as a nurse at Brannock Valley Hospital. Contact tracing identifies 140 contacts, including patients and staff.

Over the following three weeks, community transmission accelerates. Cases double every four days. Outbreaks occur in two long-term care facilities and a meat-processing plant. Hospitals report shortages of respirators and staffing as employees fall ill or stay home to care for children after schools move to remote learning. By Day 24, hospitals are at 112% of staffed capacity, the medical examiner's office is stretched and the state has issued a stay-at-home advisory.

The exercise follows Clearwell County Public Health, the healthcare coalition, emergency management, schools, employers and community partners from the first case, through the acceleration of community spread, to the peak of healthcare surge. It tests the county's Pandemic Influenza and Novel Respiratory Pathogen Plan, the Emergency Operations Plan's Public Health Annex, the healthcare coalition's Crisis Standards of Care guidance and the county's Medical Countermeasures Distribution Plan.`,
  threatAnalysis: `Hazard profile. Pandemics of novel respiratory pathogens recur unpredictably; planning assumes one severe pandemic every few decades, with waves lasting 8 to 12 weeks and possibly recurring over two years. Pre-symptomatic transmission makes isolation of symptomatic cases insufficient on its own. Without vaccines, the community must rely on non-pharmaceutical interventions (masking, distancing, ventilation, testing, isolation and quarantine) whose acceptance depends on public trust and clear, consistent communication.

Vulnerabilities. Clearwell County has 1,900 staffed hospital beds and 160 adult ICU beds across four hospital systems, normally running at 85% occupancy in winter. There are 38 long-term care facilities with 4,100 residents. The county's meat-processing plants employ 6,500 workers, many living in multigenerational households and working shoulder-to-shoulder with limited paid sick leave. The university brings 31,000 students, many of whom travel internationally. Public health's epidemiology team has 12 staff. About 14% of residents do not speak English at home, and trust in government health guidance varies widely across communities.

Cascading effects. Absenteeism of 20% to 40% at the peak affects hospitals, emergency services, utilities, food supply and schools. School closures cause healthcare workers to stay home to care for children. Supply chains for respirators, gowns, testing reagents and oxygen are strained nationally. Hospitals may need to move to crisis standards of care, with ethical and legal consequences. Businesses close or lose staff, particularly small businesses and hourly workers. Deaths may exceed the capacity of the medical examiner, funeral homes and cemeteries. Misinformation and polarisation reduce compliance with protective measures and may lead to harassment of health officials.

Planning assumptions. The state will allocate personal protective equipment from its stockpile, but quantities will cover only about two weeks at peak use. Federal medical staffing assistance is unlikely because all regions are affected. Testing will be scarce for the first three weeks.`,
  capabilitiesAndObjectives: [
    {
      capability: "Public Health, Healthcare, and Emergency Medical Services",
      objective:
        "Within 24 hours of confirmation of the first NRV-27 case, Clearwell County Public Health will identify, notify and issue quarantine guidance to all high-risk contacts in accordance with the Novel Respiratory Pathogen Plan.",
    },
    {
      capability: "Public Information and Warning",
      objective:
        "Within 4 hours of each change in community mitigation measures, the Joint Information Center will publish guidance in the county's six most common languages through trusted community messengers and all county channels in accordance with the Crisis and Emergency Risk Communication Plan.",
    },
    {
      capability: "Logistics and Supply Chain Management",
      objective:
        "Within 48 hours of a hospital reporting fewer than 7 days of respirator supply, the EOC Logistics Section will allocate PPE from county and state stockpiles using the coalition allocation formula in accordance with the Medical Countermeasures Distribution Plan.",
    },
    {
      capability: "Operational Coordination",
      objective:
        "Within 12 hours of the healthcare coalition reporting regional hospital occupancy above 100%, the County EOC and the coalition will activate the Medical Operations Coordination Cell to balance patient loads in accordance with the Crisis Standards of Care guidance.",
    },
    {
      capability: "Fatality Management Services",
      objective:
        "Within 72 hours of deaths exceeding the medical examiner's storage capacity, the Clearwell County Medical Examiner and Emergency Management will establish surge decedent storage and family support in accordance with the Mass Fatality Annex.",
    },
  ],
  customInstructions:
    "Audience: public health, healthcare coalition and hospitals, long-term care, EMS, emergency management, schools and the university, large employers, the medical examiner and community organisations. Focus on decisions over weeks rather than hours, health equity, and maintaining public trust.",
  modules: [
    {
      title: "Module 1: First Case and Containment (Days 1–5)",
      description: `Day 1, 08:00. The state public health laboratory confirms NRV-27 in a 44-year-old nurse at Brannock Valley Hospital who returned from an international conference eight days ago. She worked two shifts on a medical ward while mildly symptomatic. The hospital has identified 140 contacts, including 32 patients, 61 staff and family members.

National authorities have confirmed 60 cases in six states. Media trucks are outside the hospital, and the university's spring semester begins next week, with 4,000 international students due to arrive.`,
      functionalGroups: ["Public Health", "Healthcare Coalition and Hospitals", "Emergency Management", "Public Information", "Education"],
      injects: [
        "Three of the nurse's household contacts report fever; one is a teacher at Brannock Middle School.",
        "A patient discharged from the affected ward is now a resident of Willowbrook Care Center, a long-term care facility.",
        "A local television station names the nurse and shows her home.",
        "The university president asks whether to delay the start of the semester.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Public Health",
            questions: [
              openEnded(
                "How will you scale contact tracing beyond 12 epidemiologists if cases double every four days, and whom will you redeploy?",
              ),
              multipleChoice("What is the appropriate action for asymptomatic hospital staff exposed to the nurse?", [
                "Quarantine at home for the incubation period",
                "Continue working with respirators and daily symptom checks",
                "Test daily and work only if negative",
                "Depends on staffing and the state's guidance",
              ]),
            ],
          },
          {
            name: "Public Information",
            questions: [
              openEnded(
                "How will you protect the patient's privacy while giving the public enough information to act, and how will you respond to the station that named her?",
              ),
            ],
          },
          {
            name: "Education",
            questions: [
              openEnded(
                "What information and criteria would you need to delay the semester or close a school, and who has the authority to decide?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 2: Community Spread (Days 10–17)",
      description: `Day 10, 08:00. Clearwell County has 412 confirmed cases, but testing is limited to hospitalised patients and healthcare workers, so true numbers are far higher. Outbreaks are confirmed at Willowbrook Care Center (41 residents, 6 deaths) and at the Northfield meat-processing plant (96 workers).

Hospitals report 78 NRV-27 inpatients, 19 in ICU. Two hospitals have less than 10 days of N95 respirators. Schools have moved to remote learning on state orders. Employers and community leaders are asking for clear guidance, and a protest against masking requirements is planned outside the county health department.`,
      functionalGroups: ["Public Health", "Healthcare Coalition and Hospitals", "Emergency Management and Logistics", "Public Information", "Community Partners and Employers"],
      injects: [
        "Northfield plant management refuses to close, citing the national food supply, but asks for testing for all 2,400 workers.",
        "St. Agnes Hospital reports 5 days of N95 respirators left and asks the EOC for an emergency allocation.",
        "Community health workers report that Spanish- and Somali-speaking residents are receiving guidance days later than English speakers.",
        "The public health director receives threats at home after a press conference.",
      ],
      questions: {
        mode: "inject-functional",
        groups: [
          {
            name: "Community Partners and Employers",
            questions: [
              openEnded(
                "What can public health require or negotiate at the meat-processing plant, and how will you support workers who cannot afford to stay home?",
              ),
            ],
          },
          {
            name: "Emergency Management and Logistics",
            questions: [
              openEnded(
                "How will you allocate scarce PPE fairly between hospitals, long-term care, EMS and home care, and who decides?",
              ),
              multipleChoice("Which sector is most likely to be overlooked in PPE allocations?", [
                "Home health and personal care aides",
                "Hospitals",
                "EMS agencies",
                "Law enforcement",
              ]),
            ],
          },
          {
            name: "Public Information",
            questions: [
              openEnded(
                "How will you close the language gap in guidance, and which trusted messengers will you use?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 3: Healthcare Surge and Crisis Standards of Care (Days 24–30)",
      description: `Day 24, 08:00. Hospitals across the region are at 112% of staffed capacity, with 420 NRV-27 inpatients and 96 in ICU. Staff absenteeism averages 22%. Emergency departments are holding admitted patients for up to 30 hours, and ambulance offload times exceed two hours. Two hospitals have requested authority to use crisis standards of care.

Deaths have reached 190 and the medical examiner's office has exceeded its storage capacity. Funeral homes are also at capacity. The state has issued a stay-at-home advisory, and vaccine trials are beginning, with the first doses not expected for five months.`,
      functionalGroups: ["Healthcare Coalition and Hospitals", "Public Health", "Emergency Management", "Fatality Management", "Executive Policy"],
      injects: [
        "The coalition's Medical Operations Coordination Cell proposes moving stable patients to an alternate care site at the convention centre.",
        "Brannock Valley Hospital asks the county to support its decision to allocate ventilators by a triage scoring system.",
        "The medical examiner asks for refrigerated trailers and says funeral directors cannot collect decedents for five days.",
        "Disability rights advocates warn that the triage scoring system may discriminate against people with disabilities.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Healthcare Coalition and Hospitals",
            questions: [
              openEnded(
                "What are the triggers and who approves a move to crisis standards of care, and how will you ensure consistent decisions across hospitals?",
              ),
              multipleChoice("Which action should come before crisis standards of care are activated?", [
                "Load-balancing patients across all hospitals in the region",
                "Cancelling all elective procedures",
                "Opening an alternate care site",
                "All of the above",
              ]),
            ],
          },
          {
            name: "Executive Policy",
            questions: [
              openEnded(
                "How will you address concerns that triage protocols discriminate against people with disabilities and older adults?",
              ),
            ],
          },
          {
            name: "Fatality Management",
            questions: [
              openEnded(
                "How will you store decedents with dignity, support families who cannot hold funerals and respect religious practices?",
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
      category: "Disease surveillance",
      injectMode: "phone",
      synopsis: "State lab confirms first NRV-27 case, a hospital nurse.",
      from: "SimCell (State Public Health Laboratory)",
      to: "Clearwell County Public Health Officer",
      message:
        "We have a positive NRV-27 result for a 44-year-old female, a nurse at Brannock Valley Hospital. Symptom onset 5 days ago. She worked two shifts while symptomatic. Please begin your investigation.",
      expectedAction:
        "Public health opens the investigation, activates its incident command structure and coordinates contact identification with the hospital.",
      responsibleOrganization: "Clearwell County Public Health",
      pocAuthor: "Public Health Controller",
      comment: "Start of play. Objective 1 timing starts.",
    },
    {
      event: "2",
      date: "Day 1",
      time: "14:00",
      category: "Public information",
      injectMode: "video",
      synopsis: "TV station names the nurse and shows her home.",
      from: "SimCell (Channel 4 news)",
      to: "Joint Information Center",
      message:
        "News clip: 'Channel 4 has learned the name of the nurse at the centre of Clearwell's first NRV-27 case. Neighbours say she has been home for days.' (shot of a house with a visible number)",
      expectedAction:
        "JIC issues a statement protecting privacy, gives the public actionable information and contacts the station; the hospital supports the employee.",
      responsibleOrganization: "Clearwell County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "3",
      date: "Day 2",
      time: "09:00",
      category: "Disease surveillance",
      injectMode: "e-mail",
      synopsis: "Household contacts symptomatic, including a teacher.",
      from: "SimCell (Public health epidemiologist)",
      to: "Public Health incident command",
      message:
        "Three household contacts now have fever and cough. One is a science teacher at Brannock Middle School who taught five classes yesterday. Requesting guidance on the school.",
      expectedAction:
        "Public health tests the contacts, notifies the school district and issues exposure guidance to school families.",
      responsibleOrganization: "Clearwell County Public Health",
      pocAuthor: "Public Health Controller",
      comment: "",
    },
    {
      event: "4",
      date: "Day 3",
      time: "11:00",
      category: "Long-term care",
      injectMode: "phone",
      synopsis: "Exposed patient discharged to a long-term care facility.",
      from: "SimCell (Director of Nursing, Willowbrook Care Center)",
      to: "Public Health Long-Term Care Liaison",
      message:
        "The hospital just told us one of our new admissions was on the ward with the nurse. She's been in a shared room with another resident for three days. What do we do?",
      expectedAction:
        "Public health directs isolation and testing, infection control support and daily monitoring at Willowbrook.",
      responsibleOrganization: "Clearwell County Public Health",
      pocAuthor: "Public Health Controller",
      comment: "",
    },
    {
      event: "5",
      date: "Day 4",
      time: "10:00",
      category: "Education",
      injectMode: "e-mail",
      synopsis: "University asks whether to delay the semester.",
      from: "SimCell (President, Brannock State University)",
      to: "Public Health Officer",
      message:
        "4,000 international students arrive this weekend and 31,000 students return next week. We need your recommendation by Friday on delaying the semester or moving online.",
      expectedAction:
        "Public health and the university agree criteria and a recommendation; JIC prepares coordinated messaging.",
      responsibleOrganization: "Brannock State University",
      pocAuthor: "Education Controller",
      comment: "",
    },
    {
      event: "6",
      date: "Day 10",
      time: "08:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "412 cases, outbreaks at a care centre and a meat-processing plant.",
      from: "SimCell (Public Health Planning Section)",
      to: "All players",
      message:
        "Situation report: 412 confirmed cases (testing limited). Willowbrook Care Center: 41 resident cases, 6 deaths. Northfield Processing: 96 worker cases. 78 inpatients, 19 in ICU. Schools in remote learning.",
      expectedAction: "Players reassess priorities and mitigation measures for community spread.",
      responsibleOrganization: "Clearwell County Public Health",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 2.",
    },
    {
      event: "7",
      date: "Day 10",
      time: "11:30",
      category: "Logistics",
      injectMode: "e-mail",
      synopsis: "Hospital reports five days of N95 supply.",
      from: "SimCell (St. Agnes Hospital supply chain director)",
      to: "EOC Logistics Section",
      message:
        "At current burn rate we have 5 days of N95 respirators. Our distributor has cancelled our next two orders. Requesting an emergency allocation of 40,000 N95s.",
      expectedAction:
        "Logistics applies the coalition allocation formula, draws on county and state stockpiles, and confirms delivery within 48 hours.",
      responsibleOrganization: "Clearwell County Emergency Management",
      pocAuthor: "Logistics Controller",
      comment: "Objective 3.",
    },
    {
      event: "8",
      date: "Day 11",
      time: "09:00",
      category: "Workplace outbreak",
      injectMode: "in person",
      synopsis: "Meat-processing plant refuses to close but asks for mass testing.",
      from: "SimCell (Plant manager, Northfield Processing)",
      to: "Public Health and Community Partners",
      message:
        "We supply 8% of the region's pork; we can't close. We'll do whatever you need to keep people safe, but we need tests for 2,400 workers and interpreters for Spanish, Somali and Karen.",
      expectedAction:
        "Public health negotiates controls (testing, distancing, ventilation, paid isolation support) and coordinates with community organisations for outreach.",
      responsibleOrganization: "Clearwell County Public Health",
      pocAuthor: "Public Health Controller",
      comment: "",
    },
    {
      event: "9",
      date: "Day 12",
      time: "15:00",
      category: "Public information",
      injectMode: "simulated social media",
      synopsis: "Post claims masks cause illness; protest planned at the health department.",
      from: "SimCell (social media)",
      to: "Joint Information Center",
      message:
        "#FreeClearwell: 'Masks make you sicker — look it up. Rally at the health department Saturday, bring your kids. Tell Dr. Osei what we think of her orders.' (3,900 shares)",
      expectedAction:
        "JIC counters misinformation with trusted messengers; law enforcement plans for the protest; county arranges security for the health director.",
      responsibleOrganization: "Clearwell County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "10",
      date: "Day 17",
      time: "10:00",
      category: "Health equity",
      injectMode: "phone",
      synopsis: "Community health workers report delayed guidance in other languages.",
      from: "SimCell (Community health worker coordinator)",
      to: "Joint Information Center",
      message:
        "The new isolation guidance was out in English on Monday. Our Somali and Spanish families got it Thursday, from us, on paper. People are isolating for the old period and losing work unnecessarily.",
      expectedAction:
        "JIC establishes simultaneous multilingual release procedures and partners with community organisations.",
      responsibleOrganization: "Clearwell County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "Objective 2.",
    },
    {
      event: "11",
      date: "Day 24",
      time: "08:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "Hospitals at 112% of staffed capacity; 190 deaths.",
      from: "SimCell (Healthcare Coalition)",
      to: "All players",
      message:
        "Regional hospitals at 112% of staffed capacity; 420 NRV-27 inpatients, 96 in ICU. Staff absenteeism 22%. ED boarding up to 30 hours. Ambulance offload times over 2 hours. Cumulative deaths: 190.",
      expectedAction: "Players activate surge coordination and consider crisis standards of care.",
      responsibleOrganization: "Clearwell Region Healthcare Coalition",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 3. Objective 4 timing starts.",
    },
    {
      event: "12",
      date: "Day 24",
      time: "13:00",
      category: "Healthcare",
      injectMode: "e-mail",
      synopsis: "Hospital seeks support for ventilator triage scoring.",
      from: "SimCell (Chief Medical Officer, Brannock Valley Hospital)",
      to: "Healthcare Coalition / Executive Policy",
      message:
        "We have 4 ventilators left and 11 patients likely to need one in the next 24 hours. We intend to activate our crisis triage protocol tonight and ask for the county and coalition's support.",
      expectedAction:
        "Coalition convenes the regional crisis standards of care committee, checks load-balancing options and documents the decision.",
      responsibleOrganization: "Clearwell Region Healthcare Coalition",
      pocAuthor: "Health and Medical Controller",
      comment: "",
    },
    {
      event: "13",
      date: "Day 25",
      time: "09:00",
      category: "Fatality management",
      injectMode: "phone",
      synopsis: "Medical examiner needs refrigerated storage.",
      from: "SimCell (Clearwell County Medical Examiner)",
      to: "EOC Operations Section",
      message:
        "We are at 140% of storage capacity. Funeral homes can't collect for five days. I need two refrigerated trailers and help keeping families informed.",
      expectedAction:
        "EOC procures refrigerated storage, sets up a family information line and coordinates with funeral directors and faith leaders.",
      responsibleOrganization: "Clearwell County Medical Examiner",
      pocAuthor: "Health and Medical Controller",
      comment: "Objective 5.",
    },
    {
      event: "14",
      date: "Day 26",
      time: "11:00",
      category: "Health equity",
      injectMode: "e-mail",
      synopsis: "Disability rights advocates challenge the triage protocol.",
      from: "SimCell (Clearwell Disability Rights Coalition)",
      to: "Executive Policy Group",
      message:
        "The triage protocol assigns points for long-term conditions that penalise people with disabilities. We ask the county to suspend it and meet with us this week, or we will file a civil rights complaint.",
      expectedAction:
        "Executive Policy Group reviews the protocol with legal counsel and advocates and commits to a transparent revision process.",
      responsibleOrganization: "Clearwell County Executive's Office",
      pocAuthor: "Exercise Director",
      comment: "Final inject.",
    },
  ],
} satisfies QuickStartTemplate;
