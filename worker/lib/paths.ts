/** Pages the server sends people to, named once (the access guard, 402 answers, sign-up). */
export const PRICING_PATH = "/account/pricing";
