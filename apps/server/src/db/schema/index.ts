export * from "./accounts";
export * from "./auth";
export * from "./billing";
export * from "./media";
export * from "./notifications";
export * from "./posts";
export * from "./workers";
export * from "./workspaces";
