/**
 * Where each kind of shared page lives. Here, not in briefs/ or alerts/, because share/ purges an
 * owner's pages of both kinds (owner-pages.ts) and the features import share/, never the reverse.
 */
export const sharedBriefPath = (token: string) => `/share/briefs/${token}`;
export const sharedAlertPath = (token: string) => `/share/alerts/${token}`;
