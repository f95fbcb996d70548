export * from "./auth";
export * from "./accounts";
export * from "./billing";
export * from "./teams";
export * from "./system";
