export * from "./accounts";
export * from "./auth";
export * from "./media";
export * from "./posts";
export * from "./workers";
