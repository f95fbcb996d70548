/**
 * How the plans are described wherever they are shown (the public /pricing page, the in-app
 * /account/pricing page, the landing page): one list, so the three never disagree. What a plan
 * costs and how many credits it brings come from configuration (worker/payments/service.ts
 * getCatalogue), not from here.
 */
export type PlanTypeName = "SOLO" | "TEAM" | "ENTERPRISE";

export type PlanCopy = { name: string; description: string; includes: string[] };

export const PLAN_COPY: Record<PlanTypeName, PlanCopy> = {
  SOLO: {
    name: "Solo",
    description: "For an individual planner designing exercises and briefs.",
    includes: [
      "HSEEP exercise designer with the AI design assistant",
      "Ask Readyroom over your own plans, with citations",
      "Threat intelligence, briefs and news alerts",
      "Live exercise conduct, EEGs, AAR/IP and corrective actions",
    ],
  },
  TEAM: {
    name: "Team",
    description: "For teams that plan together and run collaborative campaigns.",
    includes: [
      "Everything in Solo",
      "A team with the seats you choose, and user management",
      "Collaborate campaigns with contributors and synthesis",
      "One pool of credits for the whole team",
    ],
  },
  ENTERPRISE: {
    name: "Enterprise",
    description: "For organizations planning for many jurisdictions and clients.",
    includes: ["Everything in Team", "Clients: plan for many jurisdictions from one account", "Client groups and assignments", "The largest credit allowance"],
  },
};
