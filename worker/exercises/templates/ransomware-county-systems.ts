import { multipleChoice, openEnded } from "./helpers";
import type { QuickStartTemplate } from "./types";

export const ransomwareCountySystems = {
  id: "ransomware-county-systems",
  name: "Operation Dark Ledger: Ransomware on County Systems Tabletop Exercise",
  framework: "HSEEP",
  threatType: "Ransomware and data-theft extortion against local government",
  scenario: `Harrow County (population 265,000) runs most of its services on a shared county network: finance and payroll, property tax and land records, the jail management system, the public health clinic's electronic records, the county website and e-mail, and, on a segmented but connected network, the computer-aided dispatch (CAD) system used by the Harrow County Emergency Communications Center for 911.

Three weeks before the exercise begins, an employee in the county assessor's office entered her credentials into a convincing fake login page. The attackers, a criminal group calling itself ObsidianLock, used the stolen credentials to log in through the county's remote-access gateway, which did not require multi-factor authentication for legacy accounts. Over the following weeks they moved through the network, obtained domain administrator rights, disabled parts of the endpoint protection and copied about 600 GB of data, including employee records, public health clinic files and sealed court documents.

At 02:17 on a Monday, ObsidianLock launches encryption across the county's servers. When staff arrive at 07:30, screens display a ransom note demanding 180 bitcoin (about $11 million) within 96 hours, threatening to publish the stolen data. Dispatchers at the 911 centre find that CAD is unresponsive and move to manual card-based dispatch. Payroll is due to run on Thursday, property tax bills are due to be mailed, and the county's general election early voting starts in nine days.

The exercise follows Harrow County's leadership, IT, emergency management, public safety and partner agencies from discovery through containment and the extortion decision to the restoration of essential services. It tests the county's Cyber Incident Response Plan, the Emergency Operations Plan's Cyber Incident Annex, the 911 centre's continuity plan, and the county's Continuity of Operations Plan.`,
  threatAnalysis: `Threat profile. Ransomware against local governments has become a persistent, profitable criminal enterprise. Groups such as the fictional ObsidianLock operate as businesses: initial-access brokers sell stolen credentials, affiliates deploy the encryption, and the group runs a leak site where it publishes data from victims who do not pay ("double extortion"). Attacks are timed for weekends and holidays, target backups first and often coincide with sensitive events such as payroll runs or elections. Dwell time before encryption is typically one to four weeks.

Vulnerabilities. Harrow County's IT department has 14 staff for 2,300 users and 190 servers. Multi-factor authentication covers cloud e-mail but not the legacy remote-access gateway. Backups are stored on a network share reachable with domain administrator credentials, and the offline tape rotation lapsed six months ago. The 911 CAD network is segmented but shares domain authentication with the county network. The county's cyber insurance policy requires notification within 24 hours and use of the insurer's approved incident response firm. Continuity plans for most departments assume IT outages of hours, not weeks.

Cascading effects. Loss of CAD slows 911 dispatch and removes automatic vehicle location and records checks for responders. Loss of the jail system complicates bookings and release dates. Payroll failure affects 2,300 employees, including public safety staff on shift. Publication of clinic and employee data creates legal notification duties, identity-theft risks and loss of public trust. Property tax and permit delays affect county revenue and the local economy. Election officials must assure the public that voting systems, which are on a separate state-managed network, are unaffected, while rumours spread that they are compromised.

Planning assumptions. State and federal partners, including the state cyber fusion cell and the state National Guard's cyber response team, can assist within 24 hours of a request. Restoration of core servers from clean backups, if viable, will take 10 to 21 days. Law enforcement discourages ransom payment; paying does not guarantee decryption or deletion of stolen data, and some payments may breach sanctions rules.`,
  capabilitiesAndObjectives: [
    {
      capability: "Cybersecurity",
      objective:
        "Within 4 hours of confirming ransomware on the county network, the Harrow County IT Department and its incident response firm will isolate affected segments, disable compromised accounts and preserve forensic images in accordance with the Cyber Incident Response Plan.",
    },
    {
      capability: "Operational Communications",
      objective:
        "Within 15 minutes of CAD becoming unavailable, the Harrow County Emergency Communications Center will transition to manual dispatch procedures and notify all responding agencies in accordance with the 911 Continuity of Operations Plan.",
    },
    {
      capability: "Operational Coordination",
      objective:
        "Within 2 hours of the ransom note being discovered, the County Administrator will convene the Cyber Unified Coordination Group, including IT, legal, emergency management, law enforcement and the insurer, in accordance with the Cyber Incident Annex.",
    },
    {
      capability: "Intelligence and Information Sharing",
      objective:
        "Within 8 hours of confirming the intrusion, the county Chief Information Security Officer will share indicators of compromise with the state cyber fusion cell and federal law enforcement in accordance with the Cyber Incident Response Plan.",
    },
    {
      capability: "Public Information and Warning",
      objective:
        "Within 24 hours of confirming that personal data was stolen, the Joint Information Center will issue a public statement on service impacts, data exposure and available support in accordance with the Crisis Communications Plan.",
    },
  ],
  customInstructions:
    "Audience: county executive leadership, IT and security, legal counsel, emergency management, the 911 centre, sheriff, public health, finance, elections and communications staff. Keep technical depth moderate; focus on decisions, continuity of essential services, the extortion decision and public trust.",
  modules: [
    {
      title: "Module 1: Discovery and Containment (Day 1, 02:17–12:00)",
      description: `Day 1, 07:30. Staff across county buildings find ransom notes on their screens. The county help desk receives more than 200 calls in 30 minutes. E-mail, the county website, payroll, land records and the clinic records system are all unavailable. At the 911 centre, dispatchers report that CAD froze at 02:20; the overnight supervisor moved to paper cards but did not escalate because she believed it was a routine outage.

The IT director confirms that file servers, virtual machine hosts and the backup server show encrypted files with the extension ".obsl". Nobody yet knows how the attackers got in, whether they are still in the network, or whether the CAD servers are encrypted or merely cut off.`,
      functionalGroups: ["Executive Leadership", "IT and Security", "911 and Public Safety", "Legal and Risk", "Emergency Management"],
      injects: [
        "The ransom note gives a Tor chat address and a 96-hour deadline, and claims 600 GB of data has been stolen.",
        "The IT director asks whether to shut down the entire network, which would also disconnect the 911 centre's remaining systems and the sheriff's records system.",
        "The sheriff reports that deputies cannot run warrant checks from their vehicles and asks how long the outage will last.",
        "The county's cyber insurer reminds the county that it must be notified within 24 hours and must use an approved incident response firm.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Executive Leadership",
            questions: [
              openEnded(
                "Who leads the county's response to a cyber incident, and at what point does this become an emergency management incident with an activated EOC?",
              ),
              multipleChoice("What should the county do first?", [
                "Isolate affected network segments and preserve evidence",
                "Restore systems from backups immediately",
                "Contact the attackers to learn their demands",
                "Shut down every county system, including 911",
              ]),
            ],
          },
          {
            name: "IT and Security",
            questions: [
              openEnded(
                "How will you determine the scope of the intrusion and whether the attackers still have access, while preserving evidence for law enforcement and the insurer?",
              ),
            ],
          },
          {
            name: "911 and Public Safety",
            questions: [
              openEnded(
                "How long can the 911 centre operate on manual dispatch, what does it lose (location data, records checks, unit status), and what would make you divert 911 calls to a neighbouring centre?",
              ),
            ],
          },
          {
            name: "Legal and Risk",
            questions: [
              openEnded("Which notifications are required in the first 24 hours (insurer, law enforcement, state agencies) and who makes them?"),
            ],
          },
        ],
      },
    },
    {
      title: "Module 2: Extortion and Essential Services (Days 2–3)",
      description: `Day 2, 08:00. The incident response firm confirms that the attackers entered through the legacy remote-access gateway using stolen credentials and that both online backups and the backup catalogue are encrypted. An older set of backups from six months ago exists on tapes in an off-site vault, but nobody knows whether they are complete.

ObsidianLock posts Harrow County on its leak site with a countdown timer and a sample of 50 files, including scanned driver's licences of county employees and clinic patient intake forms. Payroll must run by Thursday noon. Early voting begins in eight days, and a local blogger claims the election systems have been hacked.`,
      functionalGroups: ["Executive Leadership", "IT and Security", "Legal and Risk", "Finance and Human Resources", "Public Information", "Elections"],
      injects: [
        "The leak site publishes a sample of stolen data, including clinic patient intake forms with Social Security numbers.",
        "The Board of Supervisors chair asks, in a closed session, whether paying the ransom would be faster and cheaper than rebuilding.",
        "The finance director reports that payroll cannot run from the encrypted system and proposes paying every employee the same amount as the last pay period.",
        "The state elections office confirms that voting equipment is on a separate network and unaffected, but asks the county to co-sign a public statement.",
      ],
      questions: {
        mode: "inject-functional",
        groups: [
          {
            name: "Executive Leadership",
            questions: [
              openEnded(
                "What factors, including law, sanctions risk, insurance, the chance of getting working decryption and public trust, will inform your decision on the ransom demand, and who makes it?",
              ),
              multipleChoice("Does your county have a written policy on paying ransoms?", [
                "Yes, payment is prohibited",
                "Yes, payment requires Board approval",
                "No written policy",
                "State law prohibits payment by local governments",
              ]),
            ],
          },
          {
            name: "Public Information",
            questions: [
              openEnded(
                "What will you tell employees, clinic patients and residents about the stolen data, and how will you counter the rumour that election systems are compromised?",
              ),
            ],
          },
          {
            name: "Finance and Human Resources",
            questions: [
              openEnded(
                "How will you pay employees on time and correctly, and how will you handle overtime, new hires and leavers without the payroll system?",
              ),
            ],
          },
        ],
      },
    },
    {
      title: "Module 3: Restoration and Recovery (Days 5–14)",
      description: `Day 5, 09:00. The county has decided how to respond to the ransom demand, and the 96-hour deadline has passed. The incident response firm has rebuilt the domain controllers in a clean environment and restored e-mail. Tape backups are 80% usable; the land records database can be restored, but six months of transactions must be re-entered from paper files.

The 911 centre's CAD vendor proposes restoring CAD on new hardware within 72 hours, provided the county can show the new environment is clean. ObsidianLock has published the full 600 GB of data. Staff are exhausted, and the IT department has two people on sick leave. The Board of Supervisors wants a recovery timeline and a cost estimate for a public meeting next week.`,
      functionalGroups: ["Executive Leadership", "IT and Security", "911 and Public Safety", "Legal and Risk", "Public Information"],
      injects: [
        "The CAD vendor asks the county to certify that the new environment is free of compromise before it connects.",
        "A class-action law firm advertises for Harrow County residents whose data was exposed.",
        "The state National Guard's cyber team offers two weeks of on-site support, but its members need county network credentials.",
        "Department heads submit 34 requests for \"their\" system to be restored first.",
      ],
      questions: {
        mode: "functional",
        groups: [
          {
            name: "Executive Leadership",
            questions: [
              openEnded(
                "How will you set restoration priorities across 34 departmental requests, and which services are truly essential?",
              ),
              multipleChoice("Which system should be restored first?", [
                "Computer-aided dispatch for 911",
                "Payroll and finance",
                "Jail management",
                "Public health clinic records",
                "Property tax and land records",
              ]),
            ],
          },
          {
            name: "IT and Security",
            questions: [
              openEnded(
                "What evidence will you require before declaring an environment clean, and what security improvements must be in place before reconnecting systems?",
              ),
            ],
          },
          {
            name: "Legal and Risk",
            questions: [
              openEnded(
                "What notifications and support (credit monitoring, call centre) do affected employees and patients need, and on what timeline?",
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
      time: "02:20",
      category: "Operational communications",
      injectMode: "phone",
      synopsis: "911 CAD freezes overnight; supervisor switches to paper cards.",
      from: "SimCell (Overnight 911 supervisor)",
      to: "911 Center Manager",
      message:
        "Hi, it's the overnight supervisor. CAD froze at about 2:20 and won't come back. We're on paper cards and radio. I left a message for IT's after-hours line but nobody called back.",
      expectedAction:
        "911 manager confirms manual dispatch procedures, notifies responding agencies, and escalates to IT and emergency management as a possible cyber incident.",
      responsibleOrganization: "Harrow County Emergency Communications Center",
      pocAuthor: "911 Controller",
      comment: "Read aloud at start of play to show the overnight timeline. Objective 2.",
    },
    {
      event: "2",
      date: "Day 1",
      time: "07:30",
      category: "Cyber incident",
      injectMode: "paper handout",
      synopsis: "Ransom notes appear on county computers.",
      from: "SimCell (County help desk)",
      to: "IT Director",
      message:
        "YOUR NETWORK HAS BEEN ENCRYPTED BY OBSIDIANLOCK. We also have 600 GB of your files. You have 96 hours to contact us at the address below or your data will be published. Do not contact police. Do not try to restore.",
      expectedAction:
        "IT declares a cyber incident, activates the Cyber Incident Response Plan, and begins isolation and evidence preservation.",
      responsibleOrganization: "Harrow County Information Technology",
      pocAuthor: "IT Controller",
      comment: "Hand out the printed ransom note. Objectives 1 and 3 timing start.",
    },
    {
      event: "3",
      date: "Day 1",
      time: "08:15",
      category: "Cyber incident",
      injectMode: "in person",
      synopsis: "IT director asks whether to shut down the whole network.",
      from: "SimCell (IT Infrastructure Manager)",
      to: "Executive Leadership",
      message:
        "Virtual hosts and backups are encrypted. We can pull the internet connection and shut everything down, but that also cuts the sheriff's records system and whatever is left at 911. We need a decision in the next 15 minutes.",
      expectedAction:
        "Leadership and IT agree a targeted isolation plan that preserves evidence and protects life-safety systems; incident response firm engaged.",
      responsibleOrganization: "Harrow County Information Technology",
      pocAuthor: "IT Controller",
      comment: "",
    },
    {
      event: "4",
      date: "Day 1",
      time: "09:00",
      category: "Law enforcement",
      injectMode: "radio",
      synopsis: "Deputies cannot run warrant or vehicle checks.",
      from: "SimCell (Sheriff's patrol sergeant)",
      to: "911 and Public Safety",
      message:
        "Patrol to dispatch: mobile data terminals are down, we can't run plates or warrants. How long is this going to last? Do we go to the state system by radio?",
      expectedAction:
        "911 arranges records checks by radio through a neighbouring centre or the state; sheriff issues interim procedures.",
      responsibleOrganization: "Harrow County Sheriff's Office",
      pocAuthor: "911 Controller",
      comment: "",
    },
    {
      event: "5",
      date: "Day 1",
      time: "09:30",
      category: "Coordination",
      injectMode: "e-mail",
      synopsis: "Cyber insurer states notification and vendor requirements.",
      from: "SimCell (Cyber insurance claims manager)",
      to: "County Risk Manager",
      message:
        "Please note: your policy requires notice of a suspected cyber event within 24 hours and use of a panel incident response firm. Costs for non-panel vendors may not be covered. Do not engage with the threat actor without our breach coach.",
      expectedAction:
        "Risk manager notifies the insurer, engages the panel firm and legal counsel, and joins the coordination group.",
      responsibleOrganization: "Harrow County Risk Management",
      pocAuthor: "Legal Controller",
      comment: "",
    },
    {
      event: "6",
      date: "Day 1",
      time: "14:00",
      category: "Information sharing",
      injectMode: "phone",
      synopsis: "State cyber fusion cell asks for indicators of compromise.",
      from: "SimCell (State Cyber Fusion Cell analyst)",
      to: "County CISO",
      message:
        "We've seen ObsidianLock hit two other jurisdictions this month. Can you send us hashes, IP addresses and the ransom note so we can warn others and check our own perimeter?",
      expectedAction:
        "CISO shares indicators of compromise with the fusion cell and federal law enforcement, and requests state assistance.",
      responsibleOrganization: "Harrow County Information Technology",
      pocAuthor: "IT Controller",
      comment: "Objective 4.",
    },
    {
      event: "7",
      date: "Day 2",
      time: "08:00",
      category: "Cyber incident",
      injectMode: "paper handout",
      synopsis: "Incident response firm reports entry point and encrypted backups.",
      from: "SimCell (Incident response firm lead)",
      to: "Cyber Unified Coordination Group",
      message:
        "Preliminary findings: initial access via the legacy VPN with stolen credentials 22 days ago. Domain admin obtained on day 3. Online backups and catalogue encrypted. Off-site tapes from six months ago may be usable; testing will take 48 hours.",
      expectedAction: "Coordination group sets restoration strategy and timelines; begins planning for long-term outage.",
      responsibleOrganization: "Harrow County Information Technology",
      pocAuthor: "IT Controller",
      comment: "Start of Module 2.",
    },
    {
      event: "8",
      date: "Day 2",
      time: "11:00",
      category: "Data breach",
      injectMode: "simulated social media",
      synopsis: "Leak site posts Harrow County with sample data; posts spread on social media.",
      from: "SimCell (social media)",
      to: "Joint Information Center",
      message:
        "@CyberWatchNews: Ransomware gang ObsidianLock lists Harrow County on its leak site, with samples including employee driver's licences and health clinic intake forms. County has said nothing.",
      expectedAction:
        "JIC coordinates with legal on an initial statement acknowledging the incident and the data exposure, with support information.",
      responsibleOrganization: "Harrow County Joint Information Center",
      pocAuthor: "Public Information Controller",
      comment: "Objective 5 timing starts.",
    },
    {
      event: "9",
      date: "Day 2",
      time: "15:00",
      category: "Policy decision",
      injectMode: "in person",
      synopsis: "Board chair asks whether paying the ransom would be faster.",
      from: "SimCell (Chair, Harrow County Board of Supervisors)",
      to: "Executive Leadership",
      message:
        "I'm hearing rebuilding will take three weeks and cost millions. If we pay, do we get everything back tomorrow? I need a recommendation before the deadline.",
      expectedAction:
        "Leadership presents a recommendation informed by law enforcement, legal counsel, sanctions screening, the insurer and the restoration outlook.",
      responsibleOrganization: "Harrow County Administrator's Office",
      pocAuthor: "Exercise Director",
      comment: "Key decision point. Do not steer players towards either answer.",
    },
    {
      event: "10",
      date: "Day 3",
      time: "09:00",
      category: "Continuity of operations",
      injectMode: "e-mail",
      synopsis: "Finance cannot run payroll; proposes repeating the last pay period.",
      from: "SimCell (Finance Director)",
      to: "Executive Leadership",
      message:
        "Payroll is due Thursday at noon and the system is encrypted. Our bank can repeat last period's payment file. Overtime for 911 and jail staff this week will be missed and corrected later.",
      expectedAction:
        "Leadership approves an interim payroll approach, with union and HR communication and a reconciliation plan.",
      responsibleOrganization: "Harrow County Finance Department",
      pocAuthor: "Finance Controller",
      comment: "",
    },
    {
      event: "11",
      date: "Day 3",
      time: "13:00",
      category: "Public information",
      injectMode: "video",
      synopsis: "Blogger claims election systems have been hacked.",
      from: "SimCell (local blogger video)",
      to: "Joint Information Center",
      message:
        "Video: 'If they can't even run 911, how can you trust their voting machines? Harrow County's election is compromised.' (48,000 views)",
      expectedAction:
        "JIC and the county elections office issue a joint statement with the state elections office explaining network separation and safeguards.",
      responsibleOrganization: "Harrow County Elections Office",
      pocAuthor: "Public Information Controller",
      comment: "",
    },
    {
      event: "12",
      date: "Day 5",
      time: "09:00",
      category: "Situation update",
      injectMode: "paper handout",
      synopsis: "Restoration status: domain rebuilt, tapes 80% usable, full data published.",
      from: "SimCell (Incident response firm lead)",
      to: "All players",
      message:
        "Status: clean domain rebuilt; e-mail restored. Tapes 80% usable. Land records restorable with six months of re-entry. CAD vendor can restore on new hardware in 72 hours. Threat actor published all 600 GB on Day 4.",
      expectedAction: "Players prioritise restoration, security improvements and notifications.",
      responsibleOrganization: "Harrow County Information Technology",
      pocAuthor: "Lead Controller",
      comment: "Start of Module 3.",
    },
    {
      event: "13",
      date: "Day 5",
      time: "11:00",
      category: "Restoration",
      injectMode: "e-mail",
      synopsis: "CAD vendor asks the county to certify a clean environment before reconnecting.",
      from: "SimCell (CAD vendor account manager)",
      to: "County CISO",
      message:
        "Before we connect the new CAD servers, we need written confirmation that the domain and network they join are free of compromise, and that MFA is enforced on all remote access.",
      expectedAction:
        "CISO and the incident response firm define validation criteria, enforce MFA, and approve a segmented CAD environment.",
      responsibleOrganization: "Harrow County Information Technology",
      pocAuthor: "IT Controller",
      comment: "",
    },
    {
      event: "14",
      date: "Day 7",
      time: "10:00",
      category: "Recovery",
      injectMode: "in person",
      synopsis: "Department heads compete for restoration priority.",
      from: "SimCell (Deputy County Administrator)",
      to: "Executive Leadership",
      message:
        "I have 34 restoration requests on my desk and every one is marked 'critical'. IT can restore about four systems a week. I need an agreed order today.",
      expectedAction:
        "Leadership approves a restoration order based on essential functions in the Continuity of Operations Plan and communicates it to departments.",
      responsibleOrganization: "Harrow County Administrator's Office",
      pocAuthor: "Exercise Director",
      comment: "Final inject.",
    },
  ],
} satisfies QuickStartTemplate;
