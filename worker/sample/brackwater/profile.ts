/**
 * Brackwater County's profile: the custom instructions (field names and limits of
 * shared/profile/model.ts) the demo planner has and every new account's sample workspace starts
 * with. Brackwater County is fictional sample data.
 */
import type { CustomInstructions } from "../../../shared/profile/model.ts";

export const BRACKWATER_PROFILE = {
  language: "en",
  focus:
    "Brackwater County Office of Emergency Management (BCOEM), a county of about 212,000 people where the Sable River meets Ostrander Bay. County seat Port Calloway (deep-water port, petrochemical terminal); towns Fennick Landing, Alder Flats (behind Levee L-3) and Greywell (EOC); unincorporated Saltmarsh Point (beaches, up to 35,000 summer visitors, reached by the Calloway Bridge only) and the Merrin Hills (wildland-urban interface). Brackwater County is fictional sample data.",
  threats:
    "Riverine flooding of the Sable River (flood stage 18 ft at the Fennick Landing gauge, record 31.4 ft in 2019; Levee L-3 seepage in 2024); hurricanes and storm surge from Ostrander Bay (Hurricane Odalys 2022, 7.8 ft surge); chlorine and ammonia on the BNX Coastal Railroad through Greywell; Calloway Petrochemical Terminal; Hollins Reservoir Dam (high hazard potential); extreme heat in the Port Calloway Eastside; Merrin Hills wildfire; ransomware against the Sable River Water Authority.",
  frameworks:
    "HSEEP for exercise design, conduct and AAR/IP; National Preparedness Goal core capabilities, especially Public Information and Warning, Critical Transportation, Mass Care Services, Operational Coordination, Situational Assessment and Infrastructure Systems; NIMS/ICS; the county EOP with ESF annexes (Annex F Flood, Annex H Hurricane); CPG 101 for plan writing.",
  goals:
    "This year: a discussion-based tabletop exercise combining a late-season hurricane with a Sable River flood crest, a Calloway Bridge closure and a Levee L-3 seepage report, to validate the translated alert templates and the shared damage-assessment form from the Hurricane Odalys improvement plan. Participants: BCOEM, Fire Rescue, Sheriff, Public Works, Levee District 3, Health District, Social Services, Red Cross chapter, Brackwater Transit, the four towns' emergency managers, Regional Medical Center, Water Authority, County PIO.",
  resources:
    "BCOEM has 6 full-time staff; exercises are planned with no dedicated exercise budget beyond staff time; the EOC seats 48; town participation is voluntary; translators are on call (30-minute turnaround) for Spanish, Vietnamese and Haitian Creole.",
  lessons:
    "Hurricane Odalys (2022): translated warnings were 2 h 40 min late and no Haitian Creole version was sent; the medical needs shelter opened late; generator CO messaging began after the first poisoning; town damage reports arrived in different formats. 2019 flood: Levee L-3 overtopped for 40 minutes; 2,300 residents evacuated. 2011 chlorine leak: shelter-in-place messaging worked well.",
  findings:
    "Open corrective action: adopt a shared initial damage-assessment form for all towns (to be validated in the next tabletop). Known plan gaps: no Vietnamese pre-scripted flood messages for Eastside radio; Functional Needs Registry updated only yearly; 40,000 sandbags cover about one day of a major flood; no piezometers on Levee L-3.",
  typeOfUse: "Professional",
  intelligenceFindings:
    "Watch NWS river forecasts for the Sable River (FNKL1, ALDF1) and Ostrander Bay tides (PCTB1), tropical outlooks for the Gulf approach to Ostrander Bay, rail hazmat incidents on coastal freight lines, and ransomware campaigns against water utilities.",
  askReadyroom:
    "Answer as a colleague in county emergency management: concise, practical, with HSEEP terms. Cite the uploaded Brackwater documents when you use them, and say when something is an assumption.",
} satisfies CustomInstructions;
