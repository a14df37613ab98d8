export const APP_NAME = "Orbitpost";
export const APP_TAGLINE = "Plan, schedule and publish to every network from one calm place.";
