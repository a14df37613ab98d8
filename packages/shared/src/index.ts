export * from "./constants/app";
export * from "./constants/auth";
export * from "./constants/messages";
export * from "./constants/plans";
export * from "./constants/platforms";
export * from "./errors";
export * from "./schemas/auth";
