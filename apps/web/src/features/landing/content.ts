import { APP_NAME, PLATFORM_LABELS, PLATFORMS, TRIAL_DAYS } from "@app/shared";
import {
  CalendarClock,
  CalendarDays,
  ChartColumn,
  ChartLine,
  Clock,
  type LucideIcon,
  Plug,
  ShieldCheck,
  Sparkles,
  TrendingUp,
  Users,
} from "lucide-react";

/**
 * The landing page copy lives here so marketing edits never touch layout code.
 * Prices, plan features, trial length and network names come from @app/shared
 * so the page can never disagree with what the app actually sells.
 */

export const AUTH_PATH = "/auth";
export const SIGN_UP_PATH = "/auth?tab=signup";

export interface NavLink {
  href: `#${string}`;
  label: string;
}

export const SECTION_LINKS: NavLink[] = [
  { href: "#features", label: "Features" },
  { href: "#how-it-works", label: "How It Works" },
  { href: "#pricing", label: "Pricing" },
  { href: "#testimonials", label: "Testimonials" },
];

const platformNames = PLATFORMS.map((p) => PLATFORM_LABELS[p]);
/** "Facebook, Instagram, … and YouTube" */
export const PLATFORM_LIST = `${platformNames.slice(0, -1).join(", ")} and ${platformNames.at(-1)}`;

export const TRIAL_POINTS = [`Free ${TRIAL_DAYS}-day trial`, "No credit card required", "Cancel anytime"];

export const HERO = {
  eyebrow: `New: ${TRIAL_DAYS}-day free trial of Premium`,
  title: "Schedule every post, on every network, from one calm place",
  description: `${APP_NAME} helps you plan, schedule and publish content to ${PLATFORM_LIST} — so you can spend less time posting and more time creating.`,
};

export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const FEATURES: Feature[] = [
  {
    icon: CalendarClock,
    title: "Multi-platform scheduling",
    description:
      "Write once, tailor per network and queue posts for all seven platforms from a single calendar. Publishing happens on time, even while you sleep.",
  },
  {
    icon: ChartColumn,
    title: "Analytics and reports",
    description:
      "See reach, engagement and follower growth side by side, find your best posting times and export clear reports for clients or stakeholders.",
  },
  {
    icon: Users,
    title: "Team collaboration",
    description:
      "Invite teammates, assign drafts and route posts through approval workflows, so nothing goes live before the right person has signed off.",
  },
  {
    icon: Sparkles,
    title: "AI content suggestions",
    description:
      "Stuck on a caption? Get on-brand suggestions, hashtag ideas and rewrites tuned to each network's tone and length limits.",
  },
];

export interface Step {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const STEPS: Step[] = [
  {
    icon: Plug,
    title: "Connect your accounts",
    description:
      "Link your social profiles in a few clicks. Connections are secure and you can remove them at any time.",
  },
  {
    icon: CalendarDays,
    title: "Plan and schedule",
    description:
      "Draft posts, drop them onto the content calendar and let Orbitpost publish each one at the right moment.",
  },
  {
    icon: ChartLine,
    title: "Track performance",
    description: "Watch engagement roll in on one dashboard and learn what resonates, so every next post does better.",
  },
];

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  company: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      "We used to juggle five browser tabs every morning. Now our whole week of posts is planned on Monday before lunch, and engagement is up by a third.",
    name: "Maya Lindqvist",
    role: "Head of Social",
    company: "Northwind Coffee Co.",
  },
  {
    quote:
      "The approval workflow is the reason we switched. Clients review drafts right in Orbitpost and nothing slips through without a green light.",
    name: "Daniel Okafor",
    role: "Founder",
    company: "Brightloop Studio",
  },
  {
    quote:
      "The analytics finally showed us which platforms were worth our time. We dropped two channels, doubled down on the others and grew faster.",
    name: "Priya Raman",
    role: "Marketing Manager",
    company: "Verdant Outdoors",
  },
];

export interface Faq {
  question: string;
  answer: string;
}

export const FAQS: Faq[] = [
  {
    question: "Which social networks does Orbitpost support?",
    answer: `You can connect and schedule posts to ${PLATFORM_LIST}. All seven networks share one calendar, so you see your whole plan at a glance.`,
  },
  {
    question: "How does the free trial work?",
    answer: `Every new account can try Premium free for ${TRIAL_DAYS} days. No credit card is required to start, and you can cancel anytime — if you don't upgrade, you simply stay on the Free plan.`,
  },
  {
    question: "Is my data secure?",
    answer:
      "Yes. All traffic is encrypted over HTTPS, passwords are never stored in plain text, and we only use your account connections to publish what you schedule. You can disconnect a network or delete your account whenever you like.",
  },
  {
    question: "Can I collaborate with my team?",
    answer:
      "Absolutely. Premium includes team collaboration: invite teammates, share drafts, leave feedback and send posts through an approval workflow before they are published.",
  },
  {
    question: "Can I switch plans later?",
    answer:
      "Yes, you can upgrade or downgrade at any time from your account settings. Upgrades take effect immediately, and downgrades apply at the end of your current billing period.",
  },
  {
    question: "What kind of support do you offer?",
    answer:
      "Every account has access to our help center and community support. Pro and Business plans include priority e-mail and 24/7 phone support.",
  },
];

export interface Benefit {
  icon: LucideIcon;
  title: "Save Time" | "Grow Faster" | "Stay Secure";
  description: string;
}

export const BENEFITS: Benefit[] = [
  {
    icon: Clock,
    title: "Save Time",
    description: "Batch a week of content in one sitting and stop copying the same post into seven different apps.",
  },
  {
    icon: TrendingUp,
    title: "Grow Faster",
    description:
      "Post consistently at the times your audience is online, and let the numbers show you what to do more of.",
  },
  {
    icon: ShieldCheck,
    title: "Stay Secure",
    description:
      "Encrypted connections, careful handling of your data and approvals that keep the wrong post from going live.",
  },
];

export const FOOTER_DESCRIPTION =
  "Social media scheduling for creators and teams. Plan, publish and measure across seven networks from one place.";
