/** How a person is named to others: their display name, else their e-mail address. */
export const displayName = (user: { name: string | null; email: string }): string => user.name?.trim() || user.email;
