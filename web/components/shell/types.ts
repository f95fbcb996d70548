/** What the shell knows about the signed-in user (from the root loader). */
export type ShellUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Spec §6 account label: Team Account, Team Member, Solo Account, Enterprise Account, No Subscription. */
  accountLabel: string;
  /** Role admin: the shell shows the Admin console item. */
  isAdmin: boolean;
  /** Administers a team while team accounts are on (spec §9): the User management item shows. */
  teamAdmin: boolean;
};

export function displayName(user: ShellUser) {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
}

export function initials(user: ShellUser) {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (letters || user.email.charAt(0)).toUpperCase();
}
