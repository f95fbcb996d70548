import { multipleChoice, openEnded } from "./helpers";
import type { QuickStartTemplate } from "./types";

export const activeAssailantPublicEvent = {
  id: "active-assailant-public-event",
  name: "Harbor Lights Festival Active Assailant Tabletop Exercise",
  framework: "HSEEP",
  threatType: "Active assailant at a large outdoor public event",
  scenario: `The Harbor Lights Festival is a free, three-day summer music and food festival held each July on Founders Green, a 22-acre waterfront park in downtown Easton Falls (city population 310,000). Attendance peaks at about 35,000 people on Saturday evening. The festival is produced by a non-profit, the Easton Falls Arts Alliance, with a private security contractor, city police, fire and EMS on site, and a unified command post in a trailer at the north entrance.

On Saturday at 20:47, during the headline act, a lone assailant opens fire from the edge of the crowd near the food vendor row on the east side of the park. Attendees flee in all directions; many run towards the narrow south exits by the water, and others shelter in vendor tents and nearby restaurants. A crowd surge at the south gates causes crush injuries. Within minutes 911 receives hundreds of calls, many giving conflicting descriptions and reporting a second shooter at the parking garage on Dock Street. No second assailant exists.

Officers on site engage the assailant, who is stopped at 20:53. Initial reports indicate at least 14 people killed and more than 60 injured by gunfire or in the crush. Hundreds of people are separated from family members, including children. Local hospitals receive a sudden surge of patients, many arriving by private vehicle. National media arrive within two hours.

The exercise follows the City of Easton Falls, Harbor County, the festival organisers, hospitals and partner agencies from the first shots through the response, family reunification and the first days of recovery. It tests the city's Special Events Plan for the festival, the Emergency Operations Plan's Terrorism and Mass Violence Annex, the regional Mass Casualty Incident Plan and the county's Family Assistance Center Plan.`,
  threatAnalysis: `Threat profile. Mass-violence attacks at crowded, open-access events are rare but recurring. Attacks are usually over within minutes, often before law enforcement can intervene, so outcomes depend heavily on how quickly casualties are treated and moved, how well crowds are managed, and whether command is established early. Outdoor events with soft perimeters, limited screening and dense crowds are difficult to protect. Copycat threats and hoaxes commonly follow high-profile incidents.

Vulnerabilities. Founders Green is bounded by the river on its south side, so crowd egress relies on four gates, two of them narrow. The festival has no bag screening at two secondary entrances. Radio systems used by the security contractor, police, fire and EMS are not interoperable without a patch through the city's dispatch centre. The nearest Level I trauma centre, Easton Memorial, is 2.5 miles away; two community hospitals are closer but have limited surgical capacity. Festival staff and volunteers have received only brief emergency training, and the event's public address system depends on the stage power supply.

Cascading effects. Panic and crowd surges cause additional injuries. False reports of additional shooters divert resources and cause secondary stampedes elsewhere downtown. Hospitals are overwhelmed by patients arriving without triage or notification. Hundreds of people search for missing relatives at hospitals and the scene, overwhelming phone lines. The crime scene closes a large part of downtown for days. Community trauma, grief and fear affect attendance at future events, tourism and the local economy. The investigation, memorials, funerals and visits by officials create further security and logistics demands.

Planning assumptions. Federal law enforcement will assist with the investigation. Victim assistance resources from the state attorney general's office will be available within 24 hours. The assailant's motive will remain unknown during the exercise.`,
  capabilitiesAndObjectives: [
    {
      capability: "On-scene Security, Protection, and Law Enforcement",
      objective:
        "Within 10 minutes of the first report of gunfire, Easton Falls Police Department will establish a unified command with fire and EMS and designate casualty collection points and a secure perimeter in accordance with the Harbor Lights Festival Special Events Plan.",
    },
    {
      capability: "Public Health, Healthcare, and Emergency Medical Services",
      objective:
        "Within 30 minutes of the declaration of a mass casualty incident, Easton Falls Fire-EMS will triage, treat and begin transporting critical patients, with destination hospitals assigned by the Medical Coordination Center, in accordance with the Regional Mass Casualty Incident Plan.",
    },
    {
      capability: "Mass Care Services",
      objective:
        "Within 2 hours of the incident, the Harbor County Office of Emergency Management and the Harborlight Relief Society will open a family reunification centre with a call-in line in accordance with the Family Assistance Center Plan.",
    },
    {
      capability: "Public Information and Warning",
      objective:
        "Within 30 minutes of the assailant being stopped, the Joint Information Center will issue a coordinated public statement with the location of the reunification centre and the family call line in accordance with the Terrorism and Mass Violence Annex.",
    },
    {
      capability: "Operational Coordination",
      objective:
        "Within 1 hour of the incident, the Easton Falls EOC will be activated to support the incident command post with resource, public information and family assistance functions in accordance with the Emergency Operations Plan.",
    },
  ],
  customInstructions:
    "Audience: police, fire and EMS, dispatch, hospitals, emergency management, event organisers and their security contractor, victim services, public information officers and elected leaders. Keep discussion on coordination, casualty care, reunification and communication. Do not discuss tactics for attacking or defeating security measures. Provide a behavioural health professional on site for participants.",
  modules: [
    {
      title: "Module 1: The First 30 Minutes (Day 1, 20:47–21:20)",
      description: `Day 1 (Saturday), 20:47. Multiple gunshots are heard near the food vendor row on the east side of Founders Green, during the headline performance. The crowd of about 35,000 breaks into panic. Some people run towards the south gates by the river; others hide in tents or run into downtown streets.

Police officers on foot in the park move toward the sound of gunfire. At 20:53 the assailant is stopped. Dispatch is overwhelmed with calls, several reporting a second shooter in the Dock Street parking garage. Dozens of wounded people lie in the eastern part of the park, and at the south gates people are trapped in a crowd crush.`,
      functionalGroups: ["Law Enforcement", "Fire and EMS", "Event Organiser and Security", "Dispatch", "Hospitals"],
      injects: [
        "Multiple 911 callers report a second shooter on the third level of the Dock Street parking garage.",
        "The festival stage manager asks whether to use the stage PA to give instructions and what to say.",
        "A security contractor supervisor reports a crowd crush at the south gates with people down and unable to get up.",
        "Easton Memorial's emergency department reports 11 gunshot victims arriving by private vehicle without any prior notification.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Law Enforcement",
            questions: [
              openEnded(
                "How do you establish unified command and a perimeter while reports of a second shooter are unverified, and how do you bring EMS in to treat the wounded quickly?",
              ),
              multipleChoice("Where should the unified command post be established?", [
                "At the pre-planned festival command trailer, if safe",
                "At a new location outside the park chosen on arrival",
                "At police headquarters",
                "Wherever the first supervisor stops",
              ]),
            ],
          },
          {
            name: "Fire and EMS",
            questions: [
              openEnded(
                "How will you set up casualty collection points, triage and a transport corridor when the scene may not be fully secure?",
              ),
            ],
          },
          {
            name: "Event Organiser and Security",
            questions: [
              openEnded(
                "What instructions should the stage PA give, who approves them, and how do you open more exits to relieve the crush at the south gates?",
              ),
            ],
          },
          {
            name: "Hospitals",
            questions: [
              openEnded("How does the regional Medical Coordination Center learn of and distribute patients when many arrive by private vehicle?"),
            ],
          },
        ],
      },
    },
    {
      title: "Module 2: Casualty Care, Reunification and Information (Day 1, 21:20–Day 2, 06:00)",
      description: `Day 1 (Saturday), 21:30. The scene is secure and no second assailant has been found. The Dock Street garage report was unfounded but caused a second stampede on Water Street. Casualty counts stand at 14 dead and 63 injured, 19 critically. Patients have been taken to four hospitals; Easton Memorial has activated its mass casualty plan and asked for blood products.

Hundreds of people are searching for missing family members, gathering at the police tape and hospital entrances. Phone lines are jammed and social media is full of photos of the scene, rumours about the assailant's identity and unverified casualty figures. The mayor is on her way to the command post and national media are arriving.`,
      functionalGroups: ["Unified Command", "Hospitals and Medical Coordination", "Family Reunification", "Public Information", "Elected Leadership"],
      injects: [
        "Forty relatives arrive at Easton Memorial's emergency entrance demanding information about their family members.",
        "Social media users misidentify the assailant, publishing a photo of an uninvolved local man who begins receiving threats.",
        "The mayor wants to hold a press conference at the scene in 20 minutes with casualty figures.",
        "A 7-year-old child is found alone at a restaurant on Water Street and cannot say where her parents are.",
      ],
      questions: {
        mode: "inject-functional",
        groups: [
          {
            name: "Family Reunification",
            questions: [
              openEnded(
                "Where will the family reunification centre be, how will you collect missing-person reports and hospital patient lists, and who will staff it?",
              ),
              multipleChoice("Who should notify families of a death?", [
                "Trained teams from the medical examiner and law enforcement, in person",
                "Hospital staff by phone",
                "The family reunification centre staff",
                "Whoever is available first",
              ]),
            ],
          },
          {
            name: "Public Information",
            questions: [
              openEnded(
                "What will the first joint statement include and exclude, and how will you correct the misidentification of the assailant?",
              ),
            ],
          },
          {
            name: "Hospitals and Medical Coordination",
            questions: [
              openEnded(
                "How will hospitals share patient information with the reunification centre while respecting privacy law?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 3: Investigation, Victim Support and Recovery (Days 2–7)",
      description: `Day 2 (Sunday), 08:00. The death toll has risen to 16. Federal and state investigators are processing the scene, which will remain closed for at least four days, closing several downtown streets and businesses. The family assistance centre has opened at the Easton Falls Convention Center and is serving 210 families.

Communities are organising vigils, including a large one planned for Monday evening on the steps of City Hall. The festival organiser is deciding whether to cancel the final day and a second event scheduled next month. Survivors, witnesses and first responders are showing signs of acute stress.`,
      functionalGroups: ["Elected Leadership", "Law Enforcement", "Victim Services and Behavioural Health", "Public Information", "Economic Recovery"],
      injects: [
        "An anonymous online post threatens the vigil planned at City Hall.",
        "Donations of money and goods pour in, and three unauthorised fundraisers appear online using victims' names.",
        "Businesses inside the closed area ask when they can reopen and whether they will receive any assistance.",
        "A police union representative reports that several officers who responded are struggling and asks what support is available.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Law Enforcement",
            questions: [
              openEnded(
                "How will you assess the threat to the vigil and secure it, and how will you balance visible security with the community's need to gather?",
              ),
            ],
          },
          {
            name: "Victim Services and Behavioural Health",
            questions: [
              openEnded(
                "How will you provide long-term support to victims, families, witnesses and responders, and how will you identify people who did not come to the family assistance centre?",
              ),
              multipleChoice("Which approach best manages monetary donations?", [
                "Designate one official fund with transparent distribution criteria",
                "Let each victim's family organise its own fundraising",
                "Refuse donations until the investigation ends",
                "Redirect all donations to national charities",
              ]),
            ],
          },
          {
            name: "Economic Recovery",
            questions: [
              openEnded(
                "What support can you offer downtown businesses affected by the closure, and what should the city advise about future large events?",
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
      time: "20:47",
      category: "Initial event",
      injectMode: "radio",
      synopsis: "Gunfire reported near the food vendor row during the headline act.",
      from: "SimCell (Police officer on foot patrol, Founders Green)",
      to: "Easton Falls Police Dispatch",
      message:
        "Shots fired, shots fired, east side of Founders Green by the food vendors! Multiple people down, crowd running in all directions. Moving towards the sound.",
      expectedAction:
        "Dispatch alerts all units, fire and EMS; the on-site command post begins to establish unified command.",
      responsibleOrganization: "Easton Falls Police Department",
      pocAuthor: "Law Enforcement Controller",
      comment: "Start of play. Objective 1 timing starts.",
    },
    {
      event: "2",
      date: "Day 1",
      time: "20:50",
      category: "Crowd safety",
      injectMode: "radio",
      synopsis: "Crowd crush at the south gates.",
      from: "SimCell (Security contractor supervisor)",
      to: "Unified Command",
      message:
        "Security South to command: crush at south gates 3 and 4, people down and trapped against the fences. We need those gates fully open and more exits now.",
      expectedAction:
        "Unified command directs security to open all gates and fence sections, and assigns EMS to the south gates.",
      responsibleOrganization: "Easton Falls Arts Alliance",
      pocAuthor: "Event Controller",
      comment: "",
    },
    {
      event: "3",
      date: "Day 1",
      time: "20:53",
      category: "Law enforcement",
      injectMode: "radio",
      synopsis: "Assailant stopped; reports of a second shooter in the parking garage.",
      from: "SimCell (Easton Falls Police Dispatch)",
      to: "Unified Command",
      message:
        "Units report the suspect is down and in custody at the east side. Dispatch is receiving multiple calls of a second shooter on level 3 of the Dock Street garage.",
      expectedAction:
        "Unified command assigns a team to clear the garage, continues scene security and begins rescue task force entry for casualty care.",
      responsibleOrganization: "Easton Falls Police Department",
      pocAuthor: "Law Enforcement Controller",
      comment: "",
    },
    {
      event: "4",
      date: "Day 1",
      time: "20:58",
      category: "Emergency medical services",
      injectMode: "radio",
      synopsis: "Fire-EMS declares a mass casualty incident.",
      from: "SimCell (Fire-EMS Battalion Chief)",
      to: "Medical Coordination Center",
      message:
        "Battalion 1: declaring a mass casualty incident at Founders Green. Estimate more than 50 patients. Establishing casualty collection points at the east lawn and south gates. Requesting all available ambulances.",
      expectedAction:
        "Medical Coordination Center alerts hospitals, assigns destinations and tracks patients; EMS begins triage and transport.",
      responsibleOrganization: "Easton Falls Fire-EMS",
      pocAuthor: "EMS Controller",
      comment: "Objective 2 timing starts.",
    },
    {
      event: "5",
      date: "Day 1",
      time: "21:05",
      category: "Healthcare",
      injectMode: "phone",
      synopsis: "Trauma centre receives self-transported victims without notice.",
      from: "SimCell (Easton Memorial ED charge nurse)",
      to: "Medical Coordination Center",
      message:
        "We've had 11 gunshot victims walk in or arrive by car in the last 10 minutes and nobody told us anything. What is going on and how many more are coming?",
      expectedAction:
        "Medical Coordination Center shares the incident picture, balances distribution to other hospitals, and Easton Memorial activates its MCI plan.",
      responsibleOrganization: "Harbor County Healthcare Coalition",
      pocAuthor: "Health and Medical Controller",
      comment: "",
    },
    {
      event: "6",
      date: "Day 1",
      time: "21:15",
      category: "Public information",
      injectMode: "phone",
      synopsis: "Stage manager asks what to say on the PA.",
      from: "SimCell (Festival stage manager)",
      to: "Unified Command",
      message:
        "I've still got power on the main stage PA. People are hiding in the tents and don't know whether to stay or leave. What do you want me to announce?",
      expectedAction:
        "Unified command approves a short scripted announcement directing people to safe exits and to a reunification point.",
      responsibleOrganization: "Easton Falls Arts Alliance",
      pocAuthor: "Event Controller",
      comment: "",
    },
    {
      event: "7",
      date: "Day 1",
      time: "21:30",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "Scene secure; 14 dead, 63 injured; second-shooter report unfounded.",
      from: "SimCell (Unified Command)",
      to: "All players",
      message:
        "As of 21:30: scene secure, single assailant in custody, Dock Street report unfounded. 14 deceased, 63 injured (19 critical) transported to four hospitals. Secondary stampede on Water Street with minor injuries.",
      expectedAction: "Players activate the EOC, family reunification and joint information functions.",
      responsibleOrganization: "Easton Falls Police Department",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 2. Objective 4 timing starts (assailant stopped at 20:53).",
    },
    {
      event: "8",
      date: "Day 1",
      time: "21:45",
      category: "Public information",
      injectMode: "simulated social media",
      synopsis: "Social media misidentifies the assailant.",
      from: "SimCell (social media)",
      to: "Joint Information Center",
      message:
        "@EastonFallsNow: 'THIS is the shooter, his name is Marcus T., he lives on Pine St.' [photo of an uninvolved man] (12,000 shares, replies include threats)",
      expectedAction:
        "JIC issues a statement that the suspect's identity has not been released and asks people not to share speculation; police protect the misidentified man.",
      responsibleOrganization: "City of Easton Falls Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "9",
      date: "Day 1",
      time: "22:00",
      category: "Mass care",
      injectMode: "in person",
      synopsis: "Relatives crowd the trauma centre entrance seeking information.",
      from: "SimCell (Easton Memorial security supervisor)",
      to: "Family Reunification Group",
      message:
        "We have at least 40 family members at the ambulance bay trying to get in. They're desperate and we're blocking ambulances. We need somewhere to send them and someone to talk to them.",
      expectedAction:
        "EOC opens the family reunification centre, publicises its location and call line, and coordinates transport for families from hospitals.",
      responsibleOrganization: "Harbor County Office of Emergency Management",
      pocAuthor: "Mass Care Controller",
      comment: "Objective 3.",
    },
    {
      event: "10",
      date: "Day 1",
      time: "22:20",
      category: "Elected officials",
      injectMode: "phone",
      synopsis: "Mayor wants an immediate press conference with casualty figures.",
      from: "SimCell (Mayor's chief of staff)",
      to: "Joint Information Center",
      message:
        "The mayor will arrive in 15 minutes and wants to speak to media at the scene. She wants the number of dead and wounded and to say the city is safe.",
      expectedAction:
        "JIC prepares the mayor with verified facts, coordinates with police and the medical examiner, and advises against releasing unverified numbers or identities.",
      responsibleOrganization: "City of Easton Falls Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "11",
      date: "Day 1",
      time: "23:10",
      category: "Mass care",
      injectMode: "in person",
      synopsis: "Unaccompanied child found on Water Street.",
      from: "SimCell (Restaurant manager, Water Street)",
      to: "Family Reunification Group",
      message:
        "There's a little girl here, about seven, who was at the festival. She can't remember her parents' phone number. An officer is with her. Where should she go?",
      expectedAction:
        "Reunification group applies the unaccompanied-minor procedure with child protective services and law enforcement, and records her details.",
      responsibleOrganization: "Harbor County Office of Emergency Management",
      pocAuthor: "Mass Care Controller",
      comment: "",
    },
    {
      event: "12",
      date: "Day 2",
      time: "08:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "Death toll 16; family assistance centre serving 210 families; scene closed four days.",
      from: "SimCell (Harbor County EOC)",
      to: "All players",
      message:
        "Situation update: 16 deceased, 61 hospitalised. Family assistance centre open at the Convention Center, 210 families served. Scene closed for at least four days. Vigil planned Monday 19:00 at City Hall.",
      expectedAction: "Players plan victim support, vigil security and recovery.",
      responsibleOrganization: "Harbor County Office of Emergency Management",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 3.",
    },
    {
      event: "13",
      date: "Day 2",
      time: "14:00",
      category: "Threat",
      injectMode: "e-mail",
      synopsis: "Online threat against the City Hall vigil.",
      from: "SimCell (State fusion center)",
      to: "Easton Falls Police Intelligence Unit",
      message:
        "An anonymous account posted: 'Monday's vigil will be next.' The account was created yesterday. We have no other information. Sharing for your assessment.",
      expectedAction:
        "Police assess the threat with federal partners, plan vigil security and decide with organisers whether it proceeds.",
      responsibleOrganization: "Easton Falls Police Department",
      pocAuthor: "Law Enforcement Controller",
      comment: "",
    },
    {
      event: "14",
      date: "Day 3",
      time: "10:00",
      category: "Recovery",
      injectMode: "e-mail",
      synopsis: "Unauthorised fundraisers appear; businesses ask about reopening.",
      from: "SimCell (City Council member)",
      to: "Elected Leadership",
      message:
        "I'm getting calls about fake fundraisers using victims' photos, and downtown businesses want to know when they can reopen and whether the city will help cover lost income.",
      expectedAction:
        "Leadership establishes an official fund with consumer-protection messaging, and plans business support and a reopening timeline with investigators.",
      responsibleOrganization: "City of Easton Falls Mayor's Office",
      pocAuthor: "Exercise Director",
      comment: "Final inject.",
    },
  ],
} satisfies QuickStartTemplate;
